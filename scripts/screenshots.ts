/**
 * Screenshots of the pages a traveler sees first, at a phone's and a laptop's size (docs/screenshots/README.md):
 * builds the site from a fresh embedded database with the sample data, serves it with a local tile fixture, as the
 * e2e tests do, and writes one PNG per page and size into the folder given.
 *   npx tsx scripts/screenshots.ts docs/screenshots/after
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from './lib/chromium';
import { prepareDatabase, seedIfEmpty } from './lib/database';
import { createRebuilder } from './lib/rebuild';
import { startSiteServer } from './lib/server';
import { startTileServer } from './lib/tile-server';

const out = resolve(process.argv[2] ?? 'docs/screenshots/after');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as const;

const work = await mkdtemp(join(tmpdir(), 'glamping-shots-'));
process.env.PGLITE_DIR = join(work, 'db');
process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
process.env.PHOTOS_DIR = join(work, 'photos');
delete process.env.SMTP_URL;
delete process.env.DATABASE_URL;
delete process.env.SUPABASE_URL;
const tiles = await startTileServer();
process.env.PUBLIC_MAP_TILE_URL = tiles.template;
process.env.PUBLIC_MAP_ATTRIBUTION = 'Map tiles: local fixture';
const sql = await prepareDatabase();
if (!sql) throw new Error('screenshots need the embedded database');
await seedIfEmpty(sql);
const siteDir = await createRebuilder({ stateDir: work }).buildNow();
const server = await startSiteServer({ siteDir, port: 0, onPublicChange: () => {}, log: () => {} });
const browser = await launchChromium();
try {
  await mkdir(out, { recursive: true });
  const listings = (await (await fetch(`${server.url}/sitemap-listings.xml`)).text()).match(
    /\/listings\/[a-z0-9-]+/g,
  );
  const listing = listings?.[0] ?? '/';
  const saved = (listings ?? []).slice(0, 3).map((p) => p.replace('/listings/', ''));
  const pages = [
    { name: 'home', path: '/' },
    { name: 'browse-map', path: '/browse?view=map' },
    { name: 'listing', path: listing },
    { name: 'shortlist', path: '/shortlist' },
  ];
  for (const size of SIZES) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: 1,
    });
    await context.addInitScript(
      (slugs) => localStorage.setItem('glamping-shortlist', JSON.stringify(slugs)),
      saved,
    );
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(p.path, { waitUntil: 'networkidle' });
      // The map draws once every result is in: wait for its markers (a page without them goes on).
      if (p.name === 'browse-map')
        await page
          .locator('.map-cluster, .map-pin')
          .first()
          .waitFor({ timeout: 30_000 })
          .catch(() => undefined);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(out, `${p.name}-${size.width}x${size.height}.png`) });
      console.log(`${p.name} ${size.width}x${size.height}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await tiles.close();
  await sql.close();
  await rm(work, { recursive: true, force: true });
}
