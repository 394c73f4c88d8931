/**
 * Sites the bench sections measure: the site built from a fresh embedded database holding N generated verified
 * listings (seed 42), in a temp folder removed when the bench ends. Each size is built at most once per bench run
 * and shared by every section that asks for it; `buildMs` is that one build's wall time. BENCH_KEEP=1 keeps the
 * folders.
 */
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../lib/build';
import { prepareDatabase, seedIfEmpty } from '../lib/database';
import { type SiteServer, startSiteServer } from '../lib/server';
import { startTileServer, type TileServer } from '../lib/tile-server';
import { renderTimer } from './render-timer';

export interface BenchSite {
  /** Verified listings in the database and on the site. */
  listings: number;
  /** The built site (what Netlify would publish). */
  siteDir: string;
  /** Its embedded database (PGLITE_DIR) and Astro cache folder (the listings snapshot). */
  pgliteDir: string;
  cacheDir: string;
  /** The temp folder holding all of the above and the outbox. */
  workDir: string;
  /** Wall time of seeding the database and of building the site from it. */
  seedMs: number;
  buildMs: number;
  /** CPU time (user + system) of this process during the build: less noisy than wall time on a shared machine. */
  buildCpuMs: number;
  /** Of buildMs, the time Astro spent generating pages (after bundling); null if it did not say. */
  renderMs: number | null;
  pages: number;
}

/**
 * The host the bench serves on and builds canonical URLs for: Lighthouse's SEO audit fails a canonical URL on
 * another domain, and the port does not matter to it.
 */
export const BENCH_HOST = '127.0.0.1';

/**
 * The size the reference sections (pagefind, bare-astro, rebuild) measure, and data beside 1,000: 10,000 listings,
 * or BENCH_LISTINGS (e.g. 1000 to prove the code on a busy machine, where timings mean little).
 */
export const REFERENCE_LISTINGS = Number(process.env.BENCH_LISTINGS || 10_000);

/**
 * Where bench sites are built: inside the project (.cache is git-ignored). Astro stages a static build's
 * prerender modules in <outDir>/.prerender when outDir is inside the working directory, but in the shared
 * <cwd>/.astro/.prerender otherwise, which it deletes when done: two builds into folders outside the project
 * (a test run and the bench, say) then delete each other's modules mid-build.
 */
const WORK_ROOT = join(new URL('../../', import.meta.url).pathname, '.cache', 'bench');

const built = new Map<number, Promise<BenchSite>>();
const workDirs: string[] = [];

// Temp folders go when the process ends, however it ends (BENCH_KEEP=1 keeps them to look into).
process.on('exit', () => {
  if (process.env.BENCH_KEEP) {
    for (const dir of workDirs) console.log(`Kept ${dir}`);
    return;
  }
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The map tile fixture every bench site is built with (as the browser tests' is): pages and maps draw their tiles
 * from this machine, never from the internet, which the bench machine cannot reach (a failed tile is a console error
 * in Lighthouse's best-practices audit). Started once per run; a site kept and reused by a later run (BENCH_REUSE)
 * names a port that no longer answers, so its tiles stay blank.
 */
let tiles: Promise<TileServer> | null = null;
export async function withTileFixture(): Promise<void> {
  tiles ??= startTileServer().then((server) => {
    server.unref();
    return server;
  });
  process.env.PUBLIC_MAP_TILE_URL = (await tiles).template;
  process.env.PUBLIC_MAP_ATTRIBUTION = 'Bench tile fixture';
}

/** Environment of every bench build and server: the embedded database only, e-mails as files, no SMTP. */
export function setLocalEnv(site: { pgliteDir: string; workDir: string }): void {
  for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SMTP_URL', 'NETLIFY', 'CONTEXT', 'APP_ENV']) {
    delete process.env[name];
  }
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.PGLITE_DIR = site.pgliteDir;
  process.env.EMAIL_OUTBOX_DIR = join(site.workDir, 'outbox');
  process.env.SITE_URL = `http://${BENCH_HOST}:4321`;
}

/** The folders of a bench site of `listings` listings in `workDir`. */
function siteFolders(listings: number, workDir: string) {
  return {
    listings,
    workDir,
    siteDir: join(workDir, 'site'),
    pgliteDir: join(workDir, 'db'),
    cacheDir: join(workDir, 'cache'),
  };
}

/** A new work folder for a site of `listings` listings, removed when this process ends (unless BENCH_KEEP). */
export async function benchWorkDir(listings: number): Promise<string> {
  await mkdir(WORK_ROOT, { recursive: true });
  const workDir = await mkdtemp(join(WORK_ROOT, `${listings}-`));
  workDirs.push(workDir);
  return workDir;
}

/**
 * Seeds and builds a site of `listings` listings in `workDir` in this process. `beforeBuild` runs once the database
 * is seeded, just before the build (scripts/bench/measured-build.ts starts its memory figures there); with
 * `inheritTiles` the tile fixture is the one PUBLIC_MAP_TILE_URL already names (a parent process's).
 */
export async function buildBenchSiteIn(
  listings: number,
  workDir: string,
  options: { beforeBuild?: () => void; inheritTiles?: boolean } = {},
): Promise<BenchSite> {
  const site = siteFolders(listings, workDir);
  const tileUrl = process.env.PUBLIC_MAP_TILE_URL;
  setLocalEnv(site);
  if (options.inheritTiles && tileUrl) process.env.PUBLIC_MAP_TILE_URL = tileUrl;
  else await withTileFixture();
  console.log(`  building a site with ${listings.toLocaleString('en-US')} listings in ${workDir}`);
  const seedStart = performance.now();
  const sql = await prepareDatabase();
  if (!sql) throw new Error('the bench needs the embedded database');
  try {
    await seedIfEmpty(sql, { verified: listings });
    const seedMs = performance.now() - seedStart;
    options.beforeBuild?.();
    const buildStart = performance.now();
    const cpuStart = process.cpuUsage();
    const timer = renderTimer();
    const pages = await buildSite(site.siteDir, { cacheDir: site.cacheDir, inline: timer.inline });
    const buildMs = performance.now() - buildStart;
    const cpu = process.cpuUsage(cpuStart);
    const buildCpuMs = (cpu.user + cpu.system) / 1000;
    console.log(`  built ${pages} pages in ${(buildMs / 1000).toFixed(1)} s`);
    return { ...site, seedMs, buildMs, buildCpuMs, renderMs: timer.ms(), pages };
  } finally {
    await sql.close();
  }
}

async function buildBenchSite(listings: number): Promise<BenchSite> {
  return buildBenchSiteIn(listings, await benchWorkDir(listings));
}

/**
 * Shares a site built elsewhere (scripts/bench/measured-build.ts: in a child process) as the site of its size, so
 * the sections that ask for that size afterwards use it rather than build another.
 */
export function shareBenchSite(listings: number, site: Promise<BenchSite>): void {
  if (built.has(listings)) throw new Error(`a ${listings}-listing bench site is already built in this run`);
  built.set(listings, site);
}

/**
 * A site kept by an earlier run (BENCH_KEEP=1), reused by BENCH_REUSE=<its folder> to iterate on sections that only
 * serve it: its build figures are unknown (NaN), so the build sections' rows mean nothing in such a run.
 */
function reusedSite(listings: number): BenchSite | null {
  const workDir = process.env.BENCH_REUSE;
  if (!workDir?.includes(`${listings}-`)) return null;
  const site = siteFolders(listings, workDir);
  setLocalEnv(site);
  return {
    ...site,
    seedMs: Number.NaN,
    buildMs: Number.NaN,
    buildCpuMs: Number.NaN,
    renderMs: null,
    pages: 0,
  };
}

/** The site with `listings` verified listings, built on first use and then shared. */
export function benchSite(listings: number): Promise<BenchSite> {
  const reused = reusedSite(listings);
  if (reused) return Promise.resolve(reused);
  let site = built.get(listings);
  if (!site) {
    site = buildBenchSite(listings);
    built.set(listings, site);
  }
  return site;
}

/** The size of a site already built in this run, if any (so a section can reuse it instead of building). */
export function builtSizes(): number[] {
  return [...built.keys()];
}

/**
 * Serves a bench site with its functions (as `npm start` does) on a free loopback port. The functions open the
 * database named by PGLITE_DIR on their first call and keep it for the process, so serve one site's functions
 * per run (the load section uses the first one it serves).
 */
export async function serveBenchSite(site: BenchSite): Promise<SiteServer> {
  setLocalEnv(site);
  // Only failures are worth a line: the bench's own table is the output.
  const log = (line: string) => line.startsWith('Server error') && console.error(`  ${line}`);
  return startSiteServer({ siteDir: site.siteDir, port: 0, host: BENCH_HOST, log });
}

/** Runs `fn` with the site served (gzipped like on Netlify: the local server compresses text), then stops it. */
export async function withServedSite<T>(site: BenchSite, fn: (url: string) => Promise<T>): Promise<T> {
  const server = await serveBenchSite(site);
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}
