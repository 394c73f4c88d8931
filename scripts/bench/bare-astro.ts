/**
 * Cold build against a bare Astro reference, in the same run: a minimal Astro project (its own config,
 * no integrations, one page template) renders the same listing pages' content (the same fields, no header, footer
 * or islands) from the same data, the listings of the bench site's snapshot; the product's cold build of that
 * site is timed by scripts/bench/site.ts. Ratio budget: product / bare <= 2.4.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'astro';
import { LISTINGS_SNAPSHOT } from '../../src/build/incremental/summary';
import { countPages } from '../lib/build';
import { benchSite, REFERENCE_LISTINGS } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'bare-astro';

const CONFIG = `import { defineConfig } from 'astro/config';
export default defineConfig({ output: 'static', trailingSlash: 'never', build: { format: 'file' } });
`;

// The fields ListingDetails shows, in plain HTML.
const PAGE = `---
import { readFileSync } from 'node:fs';
export function getStaticPaths() {
  const listings = JSON.parse(readFileSync(process.env.BARE_LISTINGS, 'utf8'));
  return listings.map((listing) => ({ params: { slug: listing.slug }, props: { listing } }));
}
const { listing: l } = Astro.props;
const where = [l.street_address, l.city, l.state, l.zip_code].filter(Boolean).join(', ');
---
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{l.property_name} - {l.accommodation_type} in {l.city}, {l.state}</title>
    <meta name="description" content={l.description} />
    <link rel="canonical" href={\`/listings/\${l.slug}\`} />
  </head>
  <body>
    <main>
      <p><a href="/">Home</a> / <a href={\`/glamping-\${l.state}\`}>{l.state}</a></p>
      <h1>{l.property_name}</h1>
      {l.featured && <p>Featured</p>}
      <p>{l.accommodation_type} · {l.setting_type}{l.price_range && <> · {l.price_range}</>}</p>
      <p>{where}</p>
      <p>{l.description}</p>
      {l.amenities.length > 0 && <><h2>Amenities</h2><ul>{l.amenities.map((a) => <li>{a}</li>)}</ul></>}
      {l.features.length > 0 && <><h2>Features</h2><ul>{l.features.map((f) => <li>{f}</li>)}</ul></>}
      <h2>Contact</h2>
      <ul>
        <li><a href={\`tel:\${l.phone}\`}>{l.phone}</a></li>
        {l.website_url && <li><a href={l.website_url} rel="noopener">Website</a></li>}
        {l.public_email && <li><a href={\`mailto:\${l.public_email}\`}>{l.public_email}</a></li>}
        <li><a href={\`https://www.google.com/maps?q=\${l.latitude},\${l.longitude}\`}>Map</a></li>
      </ul>
    </main>
  </body>
</html>
`;

/** The listings of the site's snapshot (src/data/sync.ts, in its cache folder): what the product built from. */
async function snapshotListings(cacheDir: string): Promise<unknown[]> {
  const file = JSON.parse(await readFile(join(cacheDir, LISTINGS_SNAPSHOT), 'utf8')) as {
    entries: [string, string, unknown][];
  };
  return file.entries.map(([, , data]) => data);
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const site = await benchSite(REFERENCE_LISTINGS);
    const root = join(site.workDir, 'bare-astro');
    await rm(root, { recursive: true, force: true });
    await mkdir(join(root, 'src/pages/listings'), { recursive: true });
    const listings = await snapshotListings(site.cacheDir);
    await writeFile(join(root, 'listings.json'), JSON.stringify(listings));
    await writeFile(join(root, 'astro.config.mjs'), CONFIG);
    await writeFile(join(root, 'package.json'), '{ "type": "module", "private": true }\n');
    await writeFile(join(root, 'src/pages/listings/[slug].astro'), PAGE);
    process.env.BARE_LISTINGS = join(root, 'listings.json');
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const start = performance.now();
    const cpu = process.cpuUsage();
    try {
      await build({ root, outDir: join(root, 'dist'), cacheDir: join(root, '.cache'), logLevel: 'warn' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    const bareMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const pages = await countPages(join(root, 'dist'));
    if (pages !== listings.length)
      throw new Error(`the bare build made ${pages} pages for ${listings.length} listings`);
    const label = `${REFERENCE_LISTINGS.toLocaleString('en-US')} listings`;
    return [
      info(
        SECTION,
        `bare Astro build, ${label}`,
        Math.round(bareMs / 100) / 10,
        's',
        `${pages} listing pages, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s`,
      ),
      info(
        SECTION,
        `product cold build, ${label}`,
        Math.round(site.buildMs / 100) / 10,
        's',
        `${site.pages} HTML pages`,
      ),
      atMost(
        SECTION,
        `product / bare Astro cold build, ${label}`,
        Math.round((site.buildMs / bareMs) * 100) / 100,
        'x',
        // 2.4x since the browse pages lost their weight for the same look (docs/performance.md, "The cold build").
        2.4,
        `CPU ratio ${(site.buildCpuMs / ((used.user + used.system) / 1000)).toFixed(2)}`,
      ),
    ];
  },
};

export default section;
