import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { sitemapParts } from '../../src/build/sitemap-parts.mjs';

const INDEX =
  '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  '<sitemap><loc>https://glamping.example/sitemap-listings.xml</loc></sitemap>' +
  '<sitemap><loc>https://glamping.example/sitemap-0.xml</loc></sitemap></sitemapindex>';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build's output folder holding the index @astrojs/sitemap wrote and the given files; the index after the hook. */
async function indexAfterBuild(files: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-parts-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'sitemap-index.xml'), INDEX);
  for (const file of files) writeFileSync(join(dir, file), '<urlset/>');
  const hook = sitemapParts().hooks['astro:build:done'];
  await hook?.({
    dir: pathToFileURL(`${dir}/`),
    pages: [],
    assets: new Map(),
    logger: {} as AstroIntegrationLogger,
  } as unknown as Parameters<NonNullable<typeof hook>>[0]);
  return readFileSync(join(dir, 'sitemap-index.xml'), 'utf8');
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('the sitemap index', () => {
  it('lists every later part of the dated sitemap after the first, in order, on the same origin', async () => {
    const index = await indexAfterBuild([
      'sitemap-listings.xml',
      'sitemap-listings-10.xml',
      'sitemap-listings-2.xml',
      'sitemap-listings-3.xml',
      'sitemap-0.xml',
    ]);
    expect(locs(index)).toEqual([
      'https://glamping.example/sitemap-listings.xml',
      'https://glamping.example/sitemap-listings-2.xml',
      'https://glamping.example/sitemap-listings-3.xml',
      'https://glamping.example/sitemap-listings-10.xml',
      'https://glamping.example/sitemap-0.xml',
    ]);
  });

  it('is left as written while the dated sitemap fits one part', async () => {
    expect(await indexAfterBuild(['sitemap-listings.xml', 'sitemap-0.xml'])).toBe(INDEX);
  });
});
