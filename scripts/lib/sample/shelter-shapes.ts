import type { AccommodationType } from '../../../src/domain/lists';

/**
 * Each kind of shelter as a few SVG shapes standing on the ground at (x, ground): drawn sample photos
 * (./photos.ts), recognisable at a card's size, not art.
 */
type Draw = (x: number, g: number) => string;

const wheels = (x: number, g: number, ...at: number[]) =>
  at.map((dx) => `<circle cx="${x + dx}" cy="${g - 14}" r="16" fill="#222"/>`).join('');
const deck = (x: number, g: number, w: number) =>
  `<rect x="${x - 20}" y="${g - 18}" width="${w + 40}" height="18" fill="#7a5230"/>`;
const door = (x: number, g: number, w = 34, h = 60, fill = '#4a3322') =>
  `<rect x="${x}" y="${g - h}" width="${w}" height="${h}" fill="${fill}"/>`;

const canvasTent: Draw = (x, g) =>
  `<polygon points="${x},${g} ${x + 200},${g} ${x + 100},${g - 150}" fill="#efe4cc" stroke="#8b6b4a" stroke-width="6"/>
   <polygon points="${x + 80},${g} ${x + 120},${g} ${x + 100},${g - 70}" fill="#5a4630"/>`;

const safariTent: Draw = (x, g) =>
  `${deck(x, g, 260)}<rect x="${x}" y="${g - 110}" width="260" height="92" fill="#d9c9a3"/>
   <polygon points="${x - 25},${g - 105} ${x + 285},${g - 105} ${x + 230},${g - 175} ${x + 30},${g - 175}" fill="#c4b084" stroke="#8b6b4a" stroke-width="5"/>
   ${door(x + 110, g - 18, 40, 70, '#6e5a3a')}`;

const bellTent: Draw = (x, g) =>
  `<rect x="${x}" y="${g - 50}" width="200" height="50" fill="#f2ead6"/>
   <polygon points="${x - 10},${g - 50} ${x + 210},${g - 50} ${x + 100},${g - 190}" fill="#f7f0df" stroke="#b9a47c" stroke-width="5"/>
   <line x1="${x + 100}" y1="${g - 190}" x2="${x + 100}" y2="${g - 215}" stroke="#6b4a2a" stroke-width="6"/>
   ${door(x + 80, g, 40, 70, '#8b7452')}`;

const yurt: Draw = (x, g) =>
  `<rect x="${x}" y="${g - 95}" width="230" height="95" fill="#ede3cf" stroke="#9a8460" stroke-width="4"/>
   ${Array.from({ length: 7 }, (_, k) => `<line x1="${x + 15 + k * 33}" y1="${g - 95}" x2="${x + 15 + k * 33}" y2="${g}" stroke="#c9b793" stroke-width="3"/>`).join('')}
   <polygon points="${x - 20},${g - 92} ${x + 250},${g - 92} ${x + 115},${g - 160}" fill="#b3422f"/>
   <rect x="${x + 100}" y="${g - 170}" width="30" height="14" fill="#6b2a1f"/>
   ${door(x + 95, g, 40, 70, '#2f5d8a')}`;

const tipi: Draw = (x, g) =>
  `<polygon points="${x},${g} ${x + 170},${g} ${x + 85},${g - 230}" fill="#e9dcc0" stroke="#8b6b4a" stroke-width="5"/>
   <line x1="${x + 85}" y1="${g - 230}" x2="${x + 60}" y2="${g - 270}" stroke="#6b4a2a" stroke-width="6"/>
   <line x1="${x + 85}" y1="${g - 230}" x2="${x + 110}" y2="${g - 270}" stroke="#6b4a2a" stroke-width="6"/>
   <path d="M${x + 20} ${g - 60} H ${x + 150}" stroke="#b3422f" stroke-width="10"/>
   <polygon points="${x + 65},${g} ${x + 105},${g} ${x + 85},${g - 80}" fill="#5a4630"/>`;

const dome: Draw = (x, g) =>
  `<path d="M${x} ${g} A110 110 0 0 1 ${x + 220} ${g} Z" fill="#eef1f3" stroke="#9aa5ad" stroke-width="5"/>
   <path d="M${x + 40} ${g - 75} L${x + 110} ${g - 110} L${x + 180} ${g - 75} M${x + 110} ${g - 110} V ${g} M${x + 20} ${g - 40} H ${x + 200}" stroke="#b8c2c9" stroke-width="4" fill="none"/>
   <path d="M${x + 135} ${g} A40 40 0 0 1 ${x + 195} ${g} Z" fill="#3d5a73"/>`;

const cabin: Draw = (x, g) =>
  `<rect x="${x}" y="${g - 100}" width="220" height="100" fill="#8b5a3c"/>
   ${Array.from({ length: 4 }, (_, k) => `<line x1="${x}" y1="${g - 20 - k * 22}" x2="${x + 220}" y2="${g - 20 - k * 22}" stroke="#6e4430" stroke-width="4"/>`).join('')}
   <polygon points="${x - 20},${g - 95} ${x + 240},${g - 95} ${x + 110},${g - 170}" fill="#4b3224"/>
   <rect x="${x + 150}" y="${g - 185}" width="22" height="50" fill="#6b6b6b"/>
   <rect x="${x + 30}" y="${g - 75}" width="44" height="36" fill="#f4d58d"/>${door(x + 120, g, 36, 70)}`;

const aFrame: Draw = (x, g) =>
  `<polygon points="${x},${g} ${x + 230},${g} ${x + 115},${g - 240}" fill="#3b2a20"/>
   <polygon points="${x + 45},${g} ${x + 185},${g} ${x + 115},${g - 150}" fill="#f4d58d"/>
   <path d="M${x + 115} ${g - 150} V ${g} M${x + 70} ${g - 55} H ${x + 160}" stroke="#3b2a20" stroke-width="5"/>`;

const treehouse: Draw = (x, g) =>
  `<rect x="${x + 80}" y="${g - 260}" width="40" height="260" fill="#5b3a29"/>
   <circle cx="${x + 100}" cy="${g - 330}" r="120" fill="#2f5d3a" opacity="0.9"/>
   <rect x="${x}" y="${g - 250}" width="200" height="90" fill="#a0714f"/>
   <polygon points="${x - 15},${g - 245} ${x + 215},${g - 245} ${x + 100},${g - 310}" fill="#6b4530"/>
   <rect x="${x + 30}" y="${g - 225}" width="40" height="34" fill="#f4d58d"/>
   <path d="M${x + 150} ${g - 160} V ${g} M${x + 175} ${g - 160} V ${g} ${Array.from({ length: 6 }, (_, k) => `M${x + 150} ${g - 20 - k * 25} H ${x + 175}`).join(' ')}" stroke="#5b3a29" stroke-width="5"/>`;

const tinyHouse: Draw = (x, g) =>
  `<rect x="${x - 10}" y="${g - 36}" width="200" height="10" fill="#333"/>${wheels(x, g, 50, 90)}
   <rect x="${x}" y="${g - 150}" width="180" height="114" fill="#d7e0e5"/>
   <polygon points="${x - 12},${g - 145} ${x + 192},${g - 145} ${x + 90},${g - 205}" fill="#2f3e46"/>
   <rect x="${x + 20}" y="${g - 125}" width="60" height="44" fill="#f4d58d"/>${door(x + 120, g - 36, 36, 80, '#6b4530')}`;

const container: Draw = (x, g) =>
  `<rect x="${x}" y="${g - 120}" width="300" height="120" fill="#2f6f73"/>
   ${Array.from({ length: 14 }, (_, k) => `<line x1="${x + 10 + k * 21}" y1="${g - 115}" x2="${x + 10 + k * 21}" y2="${g - 5}" stroke="#255a5d" stroke-width="4"/>`).join('')}
   <rect x="${x + 40}" y="${g - 95}" width="140" height="60" fill="#f4d58d" stroke="#1d3f41" stroke-width="5"/>
   ${deck(x + 10, g, 280)}`;

const shepherdHut: Draw = (x, g) =>
  `${wheels(x, g, 30, 170)}<rect x="${x}" y="${g - 150}" width="200" height="120" fill="#3f5e4a"/>
   <path d="M${x - 12} ${g - 145} Q ${x + 100} ${g - 215} ${x + 212} ${g - 145} Z" fill="#9aa0a4"/>
   <rect x="${x + 25}" y="${g - 120}" width="44" height="40" fill="#f4d58d"/>${door(x + 120, g - 30, 36, 90, '#7a3b2e')}
   <path d="M${x + 130} ${g - 30} L ${x + 150} ${g}" stroke="#5b3a29" stroke-width="6"/>`;

const airstream: Draw = (x, g) =>
  `${wheels(x, g, 120)}<rect x="${x}" y="${g - 150}" width="300" height="122" rx="60" fill="#d6dbe0" stroke="#9aa3ab" stroke-width="4"/>
   <rect x="${x + 30}" y="${g - 118}" width="240" height="34" rx="16" fill="#3d4f5f"/>
   <line x1="${x + 10}" y1="${g - 70}" x2="${x + 290}" y2="${g - 70}" stroke="#aeb6bd" stroke-width="4"/>
   <line x1="${x + 300}" y1="${g - 40}" x2="${x + 340}" y2="${g - 20}" stroke="#555" stroke-width="6"/>`;

const vintageCamper: Draw = (x, g) =>
  `${wheels(x, g, 90)}<rect x="${x}" y="${g - 140}" width="220" height="112" rx="36" fill="#f2ead6"/>
   <path d="M${x} ${g - 70} H ${x + 220} V ${g - 50} H ${x} Z" fill="#2a9d8f"/>
   <rect x="${x + 25}" y="${g - 120}" width="70" height="38" rx="10" fill="#3d4f5f"/>${door(x + 140, g - 28, 40, 92, '#2a9d8f')}`;

/** Several tents side by side: a wedding or festival field. */
const eventField: Draw = (x, g) =>
  [0, 1, 2]
    .map((k) => bellTent(x - 120 + k * 150, g - (k === 1 ? 10 : 0)).replace(/width="200"/, 'width="130"'))
    .join('');

const ecoTent: Draw = (x, g) =>
  `${canvasTent(x, g).replace('#efe4cc', '#c9d8b6')}
   <polygon points="${x + 230},${g} ${x + 330},${g} ${x + 310},${g - 60} ${x + 250},${g - 60}" fill="#1f3b57" stroke="#8aa1b5" stroke-width="3"/>
   <line x1="${x + 280}" y1="${g - 60}" x2="${x + 280}" y2="${g}" stroke="#8aa1b5" stroke-width="3"/>`;

const luxuryTent: Draw = (x, g) =>
  `${safariTent(x, g)}<path d="M${x - 20} ${g - 170} Q ${x + 130} ${g - 130} ${x + 280} ${g - 170}" stroke="#333" stroke-width="2" fill="none"/>
   ${Array.from({ length: 8 }, (_, k) => `<circle cx="${x - 5 + k * 38}" cy="${g - 160 + Math.abs(3.5 - k) * 4}" r="6" fill="#ffe9a8"/>`).join('')}`;

/** A resort: a lodge with cabins beside it. */
const resort: Draw = (x, g) =>
  `${cabin(x - 140, g).replace('#8b5a3c', '#9c6b4a')}${dome(x + 130, g)}
   <rect x="${x - 160}" y="${g - 8}" width="520" height="8" fill="#7a5230"/>`;

const SHAPES: Record<AccommodationType, Draw> = {
  'Safari Tents': safariTent,
  Yurts: yurt,
  Treehouses: treehouse,
  'Tiny Houses': tinyHouse,
  Cabins: cabin,
  'Domes (Geodomes)': dome,
  'Airstream Trailers': airstream,
  'Vintage Campers': vintageCamper,
  'Canvas Tents': canvasTent,
  'Bell Tents': bellTent,
  'A-Frame Cabins': aFrame,
  'Container Homes': container,
  "Shepherd's Huts": shepherdHut,
  'Tipis/Teepees': tipi,
  'Luxury Camping': luxuryTent,
  'Resort Glamping': resort,
  'Eco-Tents': ecoTent,
  'Event Glamping': eventField,
};

/** The shelter of a kind of accommodation, standing on the ground line `ground` from `x`. */
export const shelterShape = (type: AccommodationType, x: number, ground: number): string =>
  SHAPES[type](x, ground);
