/**
 * Share images: a 1200x630 PNG per state, type and listing page with the page's name and figures, and
 * a designed default for every other page, drawn as SVG and rendered by sharp at build time
 * (src/pages/og/[...image].png.ts). Without fonts on the build machine the text is missing, never the image.
 */
import sharp from 'sharp';
import { SITE_NAME } from '../domain/lists';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** What one image says: a kicker above, the name, and up to two lines of figures below. */
export interface OgCard {
  kicker: string;
  title: string;
  lines: string[];
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a title into at most two lines of about `width` characters, with an ellipsis when it is longer. */
function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const last = lines.length - 1;
    if (`${lines[last]} ${word}`.trim().length <= width || lines[last] === '') {
      lines[last] = `${lines[last]} ${word}`.trim();
    } else if (lines.length < 2) {
      lines.push(word);
    } else {
      lines[last] = `${lines[last]!.slice(0, width - 1)}…`;
      break;
    }
  }
  return lines;
}

export function ogSvg(card: OgCard): string {
  const title = wrap(card.title, 24);
  const titleY = 290;
  const text = (x: number, y: number, size: number, weight: number, fill: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#064e3b"/><stop offset="1" stop-color="#065f46"/></linearGradient></defs>
<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>
<path d="M0 630 L260 380 L420 520 L640 300 L900 560 L1040 450 L1200 600 L1200 630 Z" fill="#047857" opacity="0.55"/>
<path d="M120 150 l40 -70 l40 70 z" fill="#a7f3d0"/>
${text(220, 140, 34, 700, '#d1fae5', SITE_NAME)}
${text(80, titleY - 90, 30, 600, '#6ee7b7', card.kicker.toUpperCase())}
${title.map((line, i) => text(80, titleY + i * 84, 72, 700, '#ffffff', line)).join('\n')}
${card.lines
  .slice(0, 2)
  .map((line, i) => text(80, titleY + title.length * 84 + 40 + i * 52, 38, 400, '#ecfdf5', line))
  .join('\n')}
</svg>`;
}

/**
 * The PNG of a card, 1200x630. zlib level 1: 7.5 ms and 92 KB an image here, against 13 ms and 64 KB at the default
 * level 6; every build draws them all, and the render budget of a build is milliseconds per page.
 */
export function renderOgPng(card: OgCard): Promise<Buffer> {
  return sharp(Buffer.from(ogSvg(card)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Where a page's share image is built: /og/default.png, /og/glamping-texas.png, /og/listings/<slug>.png. */
export const ogImagePath = (pagePath: string | null): string =>
  pagePath ? `/og${pagePath}.png` : '/og/default.png';

/** The alt text a page gives its share image. */
export const ogAlt = (card: OgCard): string => [card.title, ...card.lines].join(' · ');
