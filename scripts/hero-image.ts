/**
 * Draws the home page's hero picture (public/images/hero-*.{webp,jpg}): a glowing tent under the mountains at dusk.
 * Drawn, not downloaded (no photo rights to track, nothing fetched); run again after changing the drawing:
 *   npx tsx scripts/hero-image.ts
 */
import sharp from 'sharp';

const W = 1600;
const H = 900;
const stars = Array.from({ length: 90 }, (_, i) => {
  const x = (i * 733) % W;
  const y = (i * 389) % 330;
  return `<circle cx="${x}" cy="${y}" r="${1 + (i % 3) * 0.6}" fill="#fff" opacity="${0.35 + (i % 5) * 0.12}"/>`;
}).join('');
const pines = (base: number, count: number, h: number, fill: string, seed: number) =>
  Array.from({ length: count }, (_, i) => {
    const x = ((i * 97 + seed * 53) % (W + 100)) - 50;
    const t = h * (0.6 + ((i * 37 + seed) % 40) / 100);
    return `<polygon points="${x - t / 4},${base} ${x + t / 4},${base} ${x},${base - t}" fill="${fill}"/>`;
  }).join('');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f1b33"/><stop offset="0.55" stop-color="#3a3f6b"/><stop offset="0.8" stop-color="#c0707a"/><stop offset="1" stop-color="#f2b26b"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffd98a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#d9906f"/><stop offset="1" stop-color="#1d2a44"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${stars}
  <circle cx="1240" cy="170" r="38" fill="#f6efd8" opacity="0.95"/>
  <path d="M0 560 L180 380 L300 470 L470 300 L640 460 L780 350 L960 500 L1120 330 L1300 470 L1450 380 L1600 480 V700 H0 Z" fill="#2b2f52"/>
  <path d="M470 300 L430 340 L470 330 L500 345 Z M1120 330 L1080 372 L1120 360 L1150 376 Z" fill="#e9e6f2" opacity="0.8"/>
  <path d="M0 600 L220 500 L420 580 L640 520 L880 590 L1100 520 L1340 590 L1600 540 V720 H0 Z" fill="#1f2a3f"/>
  <rect y="640" width="${W}" height="90" fill="url(#lake)" opacity="0.85"/>
  ${pines(660, 40, 160, '#15212f', 1)}
  <path d="M0 700 Q 400 660 800 700 T 1600 690 V900 H0 Z" fill="#121a24"/>
  ${pines(760, 24, 230, '#0b1219', 7)}
  <circle cx="560" cy="720" r="200" fill="url(#glow)"/>
  <rect x="470" y="700" width="180" height="60" fill="#f3d9a0"/>
  <polygon points="455,702 665,702 560,560" fill="#f7e3b0" stroke="#caa56a" stroke-width="4"/>
  <line x1="560" y1="560" x2="560" y2="530" stroke="#4a3322" stroke-width="6"/>
  <polygon points="535,760 585,760 560,672" fill="#ffb347"/>
  <path d="M380 650 Q 560 600 740 650" stroke="#3a2a1a" stroke-width="2" fill="none"/>
  ${Array.from({ length: 9 }, (_, k) => `<circle cx="${390 + k * 43}" cy="${648 - Math.sin((k / 8) * Math.PI) * 34}" r="6" fill="#ffe9a8"/>`).join('')}
  <circle cx="760" cy="790" r="70" fill="url(#glow)"/>
  <polygon points="740,800 780,800 760,760" fill="#ff9a3c"/>
  <polygon points="748,800 772,800 760,775" fill="#ffd36b"/>
</svg>`;

const png = await sharp(Buffer.from(svg)).png().toBuffer();
for (const width of [800, 1600]) {
  const img = sharp(png).resize(width);
  await img.clone().webp({ quality: 72 }).toFile(`public/images/hero-${width}.webp`);
  await img.clone().jpeg({ quality: 74, mozjpeg: true }).toFile(`public/images/hero-${width}.jpg`);
}
console.log('public/images/hero-{800,1600}.{webp,jpg}');
