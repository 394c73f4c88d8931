/**
 * Draws the line icons' masks (src/styles/icons/*.png) from their drawings (src/styles/icons/*.svg), which are the
 * source: run again after changing or adding a drawing:
 *   npx tsx scripts/icon-masks.ts
 * The style sheet paints each icon through a small raster mask, not the SVG itself: a browser makes a whole document
 * of every SVG image (loader, parser, style and layout), and eight of them were about 40% of the style work at
 * load on a state page at a phone's speed (docs/performance.md, "Work at load"). tests/unit/icon-masks.test.ts fails
 * when a mask no longer matches its drawing.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const ICONS_DIR = fileURLToPath(new URL('../src/styles/icons/', import.meta.url));

/**
 * The mask's size in pixels: the largest icon (the save button's heart, 1.5rem) on a screen of three device pixels
 * to the CSS pixel. Sixteen shades of one colour keep the edges smooth at about 600 bytes an icon.
 */
export const MASK_PX = 72;

/** A drawing's mask: its shape in black, its edges in the alpha channel (a mask image paints by its alpha). */
export function iconMask(svg: Buffer | string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * MASK_PX) / 24 })
    .resize(MASK_PX, MASK_PX)
    .png({ compressionLevel: 9, palette: true, colours: 16 })
    .toBuffer();
}

/** Every drawing in the icons folder, by name. */
export async function iconDrawings(): Promise<string[]> {
  return (await readdir(ICONS_DIR)).filter((f) => f.endsWith('.svg')).map((f) => f.slice(0, -'.svg'.length));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of await iconDrawings()) {
    const png = await iconMask(await readFile(`${ICONS_DIR}${name}.svg`));
    await writeFile(`${ICONS_DIR}${name}.png`, png);
    console.log(`${name}.png ${png.length} bytes`);
  }
}
