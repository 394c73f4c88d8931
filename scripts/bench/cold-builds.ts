/**
 * The cold builds the build and bare-astro sections judge, in rounds: the product's cold build of the reference
 * site and a bare Astro build of the same listing pages (a minimal Astro project: its own config, no integrations,
 * one page template rendering the fields ListingDetails shows, from the listings of the site's snapshot), back to
 * back, three times, each round's order the other way from the last (product then bare, bare then product, product
 * then bare).
 *
 * Each build runs as `npm run build` runs one, in a Node process of its own (./build-process.mjs: plain Node, a fresh
 * module graph and JIT), timed from its start to its exit; the product's with the local configuration (no Netlify
 * adapter, as the site's own build), from a copy of the site's database, into empty folders. In the bench's process
 * the builds would go through its TypeScript loader, and a second build would find the first one's code compiled.
 *
 * Why rounds: on a shared host one build's wall time can double within a minute (docs/performance.md, "The cold
 * build"), and a ratio of two single builds then measures the host, not the product (1.28x to 4.16x in one
 * afternoon for the same code). The sections judge the median of three, as Lighthouse's scores are.
 * Every build's output stays until the bench ends (site.ts removes the work folder): deleting 22,000 files slows
 * the file system's next writes for a while, which would fall on the next build timed.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LISTINGS_SNAPSHOT } from '../../src/build/incremental/summary';
import { countPages } from '../lib/build';
import { prepareDatabase } from '../lib/database';
import { median } from './html-weight';
import { type BenchSite, benchSite, REFERENCE_LISTINGS, setLocalEnv } from './site';

const ROOT = new URL('../../', import.meta.url).pathname;
const RUNNER = join(ROOT, 'scripts/bench/build-process.mjs');

/** One timed build. */
export interface TimedBuild {
  ms: number;
  /** CPU time (user + system) of the build's process, its threads included. */
  cpuMs: number;
  /** Astro's page generation phase, from its log; null if it did not say. */
  renderMs: number | null;
  pages: number;
}

export interface ColdBuildRounds {
  listings: number;
  product: TimedBuild[];
  bare: TimedBuild[];
  /** Product / bare wall time, round by round. */
  ratios: number[];
  cpuRatios: number[];
}

const ROUNDS = 3;

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

/** The bare project for `site`, written once; its root. */
async function bareProject(site: BenchSite): Promise<{ root: string; listings: number }> {
  const root = join(site.workDir, 'bare-astro');
  await mkdir(join(root, 'src/pages/listings'), { recursive: true });
  const listings = await snapshotListings(site.cacheDir);
  await writeFile(join(root, 'listings.json'), JSON.stringify(listings));
  await writeFile(join(root, 'astro.config.mjs'), CONFIG);
  await writeFile(join(root, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(join(root, 'src/pages/listings/[slug].astro'), PAGE);
  return { root, listings: listings.length };
}

/** Astro's "Completed in 1.23s." or "in 456ms." after it began generating the pages. */
function renderPhaseMs(log: string): number | null {
  const begun = log.indexOf('generating static routes');
  const m = begun < 0 ? null : /Completed in ([\d.]+)(ms|s)\./.exec(log.slice(begun));
  return m ? Number(m[1]) * (m[2] === 's' ? 1000 : 1) : null;
}

/** One build of `root` in a process of its own (./build-process.mjs), timed from its start to its exit. */
async function childBuild(
  root: string,
  outDir: string,
  cacheDir: string,
  env: NodeJS.ProcessEnv,
): Promise<TimedBuild> {
  const start = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, [RUNNER, root, outDir, cacheDir, 'info'], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: 'production' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  return {
    ms,
    cpuMs: Number(/^cpu-ms ([\d.]+)$/m.exec(stdout)?.[1] ?? Number.NaN),
    renderMs: renderPhaseMs(stdout),
    pages: await countPages(outDir),
  };
}

async function bareBuild(project: { root: string; listings: number }, round: number): Promise<TimedBuild> {
  const { root } = project;
  const env = { ...process.env, BARE_LISTINGS: join(root, 'listings.json') };
  const result = await childBuild(root, join(root, `dist-${round}`), join(root, `.cache-${round}`), env);
  if (result.pages !== project.listings)
    throw new Error(`the bare build made ${result.pages} pages for ${project.listings} listings`);
  return result;
}

/** The product's cold build of `site`: a copy of its database, empty folders, the local configuration. */
async function productBuild(site: BenchSite, round: number): Promise<TimedBuild> {
  const db = join(site.workDir, `cold-db-${round}`);
  await cp(site.pgliteDir, db, { recursive: true });
  await rm(join(db, 'postmaster.pid'), { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: db, LOCAL_SITE_BUILD: '1' };
  // As scripts/lib/build.ts: the built server code reads these as import.meta.env at run time.
  for (const name of ['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL']) delete env[name];
  const outDir = join(site.workDir, `cold-${round}`);
  const result = await childBuild(ROOT, outDir, join(site.workDir, `cold-cache-${round}`), env);
  // A site reused from an earlier run (BENCH_REUSE) has no count of its own to compare with.
  if (site.pages > 0 && result.pages !== site.pages)
    throw new Error(`a cold build made ${result.pages} pages, the site's own ${site.pages}`);
  return result;
}

async function measure(): Promise<ColdBuildRounds> {
  const site = await benchSite(REFERENCE_LISTINGS);
  setLocalEnv(site);
  // Every write of the site's build on disk before its folder is copied (the bench's process keeps it open).
  const sql = await prepareDatabase();
  if (!sql) throw new Error('the bench needs the embedded database');
  try {
    await sql.exec('checkpoint');
  } finally {
    await sql.close();
  }
  const project = await bareProject(site);
  const product: TimedBuild[] = [];
  const bare: TimedBuild[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`  cold builds, round ${round} of ${ROUNDS}`);
    if (round % 2 === 0) {
      bare.push(await bareBuild(project, round));
      product.push(await productBuild(site, round));
    } else {
      product.push(await productBuild(site, round));
      bare.push(await bareBuild(project, round));
    }
  }
  return {
    listings: REFERENCE_LISTINGS,
    product,
    bare,
    ratios: product.map((p, i) => p.ms / (bare[i]?.ms ?? Number.NaN)),
    cpuRatios: product.map((p, i) => p.cpuMs / (bare[i]?.cpuMs ?? Number.NaN)),
  };
}

let rounds: Promise<ColdBuildRounds> | null = null;

/** The rounds, measured once per bench run (the build section asks first, bare-astro reuses them). */
export function coldBuildRounds(): Promise<ColdBuildRounds> {
  rounds ??= measure();
  return rounds;
}

/** Each round's figure, for a note: "2.66, 3.03, 3.42". */
export const eachRound = (values: readonly number[], digits: number) =>
  values.map((v) => v.toFixed(digits)).join(', ');

/** The median of the finite values (a build whose log did not say how long it rendered gives NaN). */
export const medianOf = (values: readonly number[]) => median(values.filter(Number.isFinite));
