/**
 * Rebuild after one verification (D5) at 10,000 listings (BENCH_LISTINGS), on the bench site
 * built cold in this run (its database, its Astro cache):
 * (a) the local server's rebuild: the site served as `npm start` serves it, with its rebuild loop; a pending listing
 *     is verified (the staff store, as /api/staff does, then the loop's request, as the function's publicChanged
 *     does) and timed until its page is served; also the build's own duration;
 * (b) `npm run build` with the cache of the previous build kept (what Netlify does with netlify/plugins/build-cache):
 *     one such build unmeasured, another verification, then Astro's build with the Netlify adapter, in a Node process
 *     of its own, into an empty folder (a fresh checkout's dist) with that cache.
 * For each, the files the build changed against the previous build and the files of the site (src/build/
 * incremental/integration.ts); then an unverification, timed until the page is gone.
 * (c) The same two after staff publish one review each (docs/reviews.md, "Builds": the listing's page, its
 *     landing pages' cards and the browse files change), the local one timed until the page shows the review.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BuildSummary, readBuildSummary } from '../../src/build/incremental/summary';
import { sqlReviewStore } from '../../src/data/review-sql';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { listingPath } from '../../src/domain/slug';
import { reviewDecidedEmail } from '../../src/server/reviews/emails';
import { prepareDatabase } from '../lib/database';
import { createRebuilder, type Rebuilder } from '../lib/rebuild';
import { type SiteServer, startSiteServer } from '../lib/server';
import { reviewCount } from './review-weight';
import { BENCH_HOST, benchSite, REFERENCE_LISTINGS, setLocalEnv } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'rebuild';
const BUDGET_S = 15;
const ROOT = new URL('../../', import.meta.url).pathname;

/** Polls `url` until its answer is `ready` (status and body); the time it took. */
async function untilReady(
  url: string,
  ready: (status: number, body: string) => boolean,
  what: string,
  limitMs: number,
): Promise<number> {
  const start = performance.now();
  for (;;) {
    const res = await fetch(url);
    if (ready(res.status, await res.text())) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error(`${url} did not ${what} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const until = (url: string, status: number, limitMs: number) =>
  untilReady(url, (s) => s === status, `answer ${status}`, limitMs);

/**
 * `npm run build`'s Astro build (Netlify adapter included) into outDir, with the given cache, as Netlify runs it: a
 * fresh Node process (./build-process.mjs), timed from its start to its exit; in the bench's own process, through its
 * TypeScript loader, the figure measured the bench more than the build (docs/performance.md, "Sections and budgets").
 * The bench's process keeps the site's embedded database open (the local functions' store), and one PGlite folder
 * must never be opened by two processes: the build reads a copy of it, taken after a checkpoint, so with the change
 * just made. The child inherits NODE_OPTIONS: `npm run bench` sets the Node options that `npm run build` gives Astro
 * (package.json); tsx passes its loader as arguments of the bench's own process, which the child does not get. outDir
 * is emptied before (a fresh checkout's dist) and removed after.
 */
async function netlifyBuild(sql: Sql, pgliteDir: string, outDir: string, cacheDir: string): Promise<number> {
  await sql.exec('checkpoint');
  const copy = `${outDir}-db`;
  await rm(copy, { recursive: true, force: true });
  await cp(pgliteDir, copy, { recursive: true });
  await rm(join(copy, 'postmaster.pid'), { force: true });
  await rm(outDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: copy, NODE_ENV: 'production' };
  delete env.LOCAL_SITE_BUILD;
  const start = performance.now();
  try {
    await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'scripts/bench/build-process.mjs'), ROOT, outDir, cacheDir],
      {
        cwd: ROOT,
        env,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return performance.now() - start;
  } finally {
    await rm(copy, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * `change`, then the `npm run build` that publishes it, timed; preceded by the same build unmeasured, as the pagefind
 * section's first page load is (docs/performance.md, "Sections and budgets"):
 * - on Netlify the cache a build finds is always the previous Netlify build's; here it was last written by the local
 *   loop, another configuration (no adapter), for which Astro clears its content store;
 * - this host's kernel pages out file pages unused for a minute, and the bench's process never loads the adapter's
 *   dependencies: the first build in minutes read them from disk, so its time measured the page cache.
 */
async function timedNetlifyBuild(
  sql: Sql,
  site: { pgliteDir: string; cacheDir: string },
  outDir: string,
  change: () => Promise<void>,
): Promise<number> {
  await netlifyBuild(sql, site.pgliteDir, outDir, site.cacheDir);
  await change();
  return netlifyBuild(sql, site.pgliteDir, outDir, site.cacheDir);
}

const files = (s: BuildSummary) =>
  `${s.mode}: ${s.changed} files changed + ${s.removed} removed of ${s.total.toLocaleString('en-US')}; ${s.rendered} rendered (${s.copied} of them copies of public/ and _astro/), ${s.carried.toLocaleString('en-US')} carried from the previous build`;

/** How many files a build wrote or removed; budget: a twentieth of the site. */
const filesChanged = (build: string, s: BuildSummary, where: string) =>
  atMost(
    SECTION,
    `${build}: files changed`,
    s.changed + s.removed,
    'files',
    Math.ceil(s.total / 20),
    `of ${s.total.toLocaleString('en-US')} files in ${where} (budget: a twentieth)`,
  );

interface Measured {
  sql: Sql;
  server: SiteServer;
  rebuilder: Rebuilder;
  /** Durations the rebuild loop logged, last one last. */
  builds: number[];
  pgliteDir: string;
  cacheDir: string;
  workDir: string;
  label: string;
  load: () => string;
}

/**
 * (c) Staff publish one waiting review (as the review-publish action does: the store's decision with its e-mail,
 * then the loop's request), timed until the listing's page counts it; then another, built by `npm run build` with
 * the cache kept. The sample data holds confirmed reviews waiting for staff (scripts/lib/sample/reviews.ts).
 */
async function publishReviews(m: Measured): Promise<BenchRow[]> {
  const reviews = sqlReviewStore(m.sql);
  const queue = await reviews.queue();
  const first = queue[0];
  const second = queue.find((r) => r.listing_id !== first?.listing_id);
  if (!first || !second) throw new Error('the bench data has fewer than two reviews waiting on two listings');
  const publish = (review: typeof first) =>
    reviews.decide(
      review.id,
      true,
      null,
      'bench',
      reviewDecidedEmail(review, null, process.env.SITE_URL ?? ''),
    );
  const page = `${m.server.url}${listingPath(first.slug)}`;
  const before = reviewCount(await (await fetch(page)).text());

  const buildsBefore = m.builds.length;
  const start = performance.now();
  if (!(await publish(first))) throw new Error(`review ${first.id} could not be published`);
  m.rebuilder.request();
  await untilReady(
    page,
    (s, body) => s === 200 && reviewCount(body) === before + 1,
    'show the review',
    300_000,
  );
  const reviewToLive = performance.now() - start;
  await m.rebuilder.idle();
  const local = await readBuildSummary(m.cacheDir);
  const rows: BenchRow[] = [
    atMost(
      SECTION,
      `local rebuild after publishing one review, ${m.label}`,
      // NaN (over budget) if the loop logged no build of its own for the review.
      (m.builds.length > buildsBefore ? m.builds.at(-1)! : Number.NaN) / 1000,
      's',
      BUDGET_S,
      `${files(local)}; ${m.load()}`,
    ),
    info(SECTION, `local review-to-live, ${m.label}`, reviewToLive / 1000, 's', 'until the page counts it'),
    filesChanged('local rebuild after a review', local, 'the site'),
  ];

  const netlifyMs = await timedNetlifyBuild(m.sql, m, join(m.workDir, 'netlify-dist'), async () => {
    if (!(await publish(second))) throw new Error(`review ${second.id} could not be published`);
  });
  const netlify = await readBuildSummary(m.cacheDir);
  rows.push(
    atMost(
      SECTION,
      `npm run build after publishing one review (cache kept), ${m.label}`,
      netlifyMs / 1000,
      's',
      BUDGET_S,
      `${files(netlify)}; ${m.load()}`,
    ),
    filesChanged('npm run build after a review', netlify, 'dist'),
  );
  return rows;
}

/**
 * (a) and (b) on the bench site of `listings` listings, each against `budgetS`, the page awaited `waitMs` at most;
 * with `full`, also the unverification and (c). The scale section (scripts/bench/scale.ts) measures the verification
 * alone at its size.
 */
export async function measureRebuilds(
  listings: number,
  budgetS: number,
  { full, waitMs = 300_000 }: { full: boolean; waitMs?: number },
): Promise<BenchRow[]> {
  const site = await benchSite(listings);
  const label = `${listings.toLocaleString('en-US')} listings`;
  const load = () => `load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
  setLocalEnv(site);
  const work = join(site.workDir, 'rebuild');
  await mkdir(work, { recursive: true });
  const sql = await prepareDatabase();
  if (!sql) throw new Error('the rebuild bench needs the embedded database');
  const staff = sqlStaffStore(sql);
  const builds: number[] = [];
  const rebuilder = createRebuilder({
    stateDir: work,
    cacheDir: site.cacheDir,
    log: (line) => {
      const seconds = /^Built \d+ pages in ([\d.]+) s/.exec(line)?.[1];
      if (seconds) builds.push(Number(seconds) * 1000);
      else console.log(`  ${line}`);
    },
  });
  const server = await startSiteServer({
    siteDir: site.siteDir,
    port: 0,
    host: BENCH_HOST,
    log: () => {},
    onPublicChange: () => rebuilder.request(),
  });
  rebuilder.attach(server);
  try {
    const [a, b] = await staff.pending();
    if (!a || !b) throw new Error('the bench data has fewer than two pending listings');
    const rows: BenchRow[] = [];

    // (a) The local server: verify, the loop rebuilds and swaps, the page is served.
    const start = performance.now();
    await staff.setStatus(a.id, 'verified', 'bench', null, null);
    rebuilder.request();
    await until(`${server.url}${listingPath(a.slug)}`, 200, waitMs);
    const verifyToLive = performance.now() - start;
    await rebuilder.idle();
    const local = await readBuildSummary(site.cacheDir);
    rows.push(
      atMost(
        SECTION,
        `local rebuild after one verification, ${label}`,
        (builds.at(-1) ?? Number.NaN) / 1000,
        's',
        budgetS,
        `${files(local)}; ${load()}`,
      ),
      info(SECTION, `local verify-to-live, ${label}`, verifyToLive / 1000, 's', 'until the page is served'),
      filesChanged('local rebuild', local, 'the site'),
    );

    // (b) npm run build with the cache kept: into an empty folder, as on Netlify.
    const netlifyMs = await timedNetlifyBuild(sql, site, join(site.workDir, 'netlify-dist'), async () => {
      await staff.setStatus(b.id, 'verified', 'bench', null, null);
    });
    const netlify = await readBuildSummary(site.cacheDir);
    rows.push(
      atMost(
        SECTION,
        `npm run build after one verification (cache kept), ${label}`,
        netlifyMs / 1000,
        's',
        budgetS,
        `${files(netlify)}; ${load()}`,
      ),
      filesChanged('npm run build', netlify, 'dist'),
    );
    if (!full) return rows;

    // Taking one back out: the listing's page is gone after the next rebuild.
    const back = performance.now();
    await staff.setStatus(a.id, 'pending', 'bench', null, null);
    rebuilder.request();
    await until(`${server.url}${listingPath(a.slug)}`, 404, 300_000);
    await rebuilder.idle();
    const gone = await readBuildSummary(site.cacheDir);
    rows.push(
      info(SECTION, `unverify-to-gone, ${label}`, (performance.now() - back) / 1000, 's', files(gone)),
    );

    rows.push(
      ...(await publishReviews({
        sql,
        server,
        rebuilder,
        builds,
        pgliteDir: site.pgliteDir,
        cacheDir: site.cacheDir,
        workDir: site.workDir,
        label,
        load,
      })),
    );
    return rows;
  } finally {
    await rebuilder.idle();
    await server.close();
    await sql.close();
  }
}

const section: BenchSection = {
  name: SECTION,
  run: () => measureRebuilds(REFERENCE_LISTINGS, BUDGET_S, { full: true }),
};

export default section;
