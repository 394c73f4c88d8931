/** The icons' masks are drawn from their SVG drawings (scripts/icon-masks.ts): a changed drawing needs its mask again. */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICONS_DIR, iconDrawings, iconMask, MASK_PX } from '../../scripts/icon-masks';

const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe('icon masks', async () => {
  const names = await iconDrawings();

  it('has a drawing for every icon the style sheet paints', async () => {
    const css = await readFile(new URL('../../src/styles/icons.css', import.meta.url), 'utf8');
    const used = [...css.matchAll(/url\("\.\/icons\/([\w-]+)\.png"\)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    expect([...new Set(used)].sort()).toEqual([...names].sort());
  });

  it.each(names)('%s.png is its drawing, drawn again', async (name) => {
    const kept = await pixels(await readFile(`${ICONS_DIR}${name}.png`));
    const drawn = await pixels(await iconMask(await readFile(`${ICONS_DIR}${name}.svg`)));
    expect([kept.info.width, kept.info.height]).toEqual([MASK_PX, MASK_PX]);
    // The shape is in the alpha channel: some pixels fully drawn, some empty.
    const alpha = [...kept.data.filter((_, i) => i % 4 === 3)];
    expect(Math.max(...alpha)).toBe(255);
    expect(Math.min(...alpha)).toBe(0);
    expect(kept.data.equals(drawn.data)).toBe(true);
  });
});
