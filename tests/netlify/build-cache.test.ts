import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSampleData } from '../../scripts/lib/sample/load';
import { parseSummary } from '../../src/build/incremental/summary';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { createNearestFinder, NEARBY_COUNT, NEARBY_MAX_MILES } from '../../src/domain/nearby';
import { type Backend, backends, describeEachBackend } from '../db/backends';
import { freshCheckout, type NetlifyBuild, netlifyBuild } from './netlify-build';

// Few listings keep the test quick; NETLIFY_BUILD_LISTINGS=1000 measures a real size (README: build times).
const LISTINGS = Number(process.env.NETLIFY_BUILD_LISTINGS || 60);

/** Of one kind of listing file (its page, `.html`, or the detail the dialog loads, `.json`), the slugs the build
 * rendered, as Astro's build log lists them (a path carried from the previous build is not rendered at all). */
function listingFiles(log: string, ext: 'html' | 'json') {
  if (ext === 'json') {
    // Data files are written whole by the incremental-site integration (src/build/incremental/), which says which (names when few).
    const line = /Written whole: \/data\/listings\/ (\d+) file\(s\)(?:: ([^\n]*))?/.exec(log);
    const names = (line?.[2] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((n) => n.replace(/\.json$/, ''));
    return { rendered: names, count: Number(line?.[1] ?? 0) };
  }
  const file = new RegExp(`/listings/([^ ]+)\\.${ext} `);
  const lines = log.split('\n').filter((l) => file.test(l));
  const rendered = lines.filter((l) => /\(\+\d/.test(l)).map((l) => file.exec(l)?.[1] ?? '');
  return { rendered, count: rendered.length };
}

// Production builds read a PostgreSQL server (the embedded database is local only).
const servers = (await backends()).filter((b) => b.name !== 'PGlite');

describeEachBackend(servers, 'Netlify builds keep the snapshot and rendered pages ($name)', (server) => {
  let db: Awaited<ReturnType<Backend['create']>>;
  let work: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await server.create();
    await loadSampleData(db.sql, () => {}, { verified: LISTINGS });
    work = await mkdtemp(join(tmpdir(), 'glamping-netlify-build-'));
    // What the Netlify site's environment variables hold in production (README: deploying).
    env = {
      DATABASE_URL: db.url as string,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      EMAIL_FROM: 'site@example.com',
      STAFF_EMAIL: 'staff@example.com',
      STAFF_TOKEN: 'a'.repeat(40),
      NETLIFY_BUILD_HOOK_URL: 'http://127.0.0.1:9/hook',
      SITE_URL: 'https://glamping.example.com',
      ASTRO_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    };
  });
  afterAll(async () => {
    // NETLIFY_BUILD_KEEP=1 keeps the checkout, Netlify's cache and both build logs to look into.
    if (process.env.NETLIFY_BUILD_KEEP) console.log(`Kept ${work}`);
    else if (work) await rm(work, { recursive: true, force: true });
    await db?.dispose();
  });

  const site = () => join(work, 'repo');
  const cache = () => join(work, 'netlify-cache');
  const builds: NetlifyBuild[] = [];
  const check = async (build: NetlifyBuild, name: string) => {
    await writeFile(join(work, `${name}.log`), build.log);
    if (!build.success) throw new Error(`${name} failed:\n${build.log.slice(-4000)}`);
  };

  it('a first build reads every listing and renders every page', async () => {
    await freshCheckout(site());
    const first = await netlifyBuild(site(), cache(), env);
    await check(first, 'first');
    builds.push(first);
    expect(first.log).toContain(`full sync: read ${LISTINGS}, removed 0, ${LISTINGS} listings`);
    for (const ext of ['html', 'json'] as const) {
      expect(listingFiles(first.log, ext).count, ext).toBe(LISTINGS);
    }
    expect(parseSummary(first.log)).toMatchObject({ mode: 'full', carried: 0 });
    // What the deploy serves from functions: the project's own, each on its path, and no catch-all SSR function
    // of the adapter's (every page is prerendered, astro.config.mjs), which would answer unknown paths.
    const bundled = (await readdir(join(site(), '.netlify/functions')))
      .filter((f) => f.endsWith('.zip'))
      .map((f) => f.replace(/\.zip$/, ''));
    const own = (await readdir(join(site(), 'netlify/functions'))).map((f) => f.replace(/\.ts$/, ''));
    expect(bundled.sort()).toEqual(own.sort());
  });

  /** Verified listings whose "More glamping near" links include `slug`: their pages show it. */
  const linkingTo = async (slug: string) => {
    const rows = await db.sql.query<{ slug: string; latitude: number; longitude: number }>(
      `select slug, latitude::float8 as latitude, longitude::float8 as longitude
       from glamping_listings where verification_status = 'verified'`,
    );
    const find = createNearestFinder(rows);
    return rows
      .filter((l) => find(l, NEARBY_COUNT, NEARBY_MAX_MILES, l).some((n) => n.listing.slug === slug))
      .map((l) => l.slug);
  };

  it('after one verification, the next build reads one row and renders only that listing and its neighbours', async () => {
    const staff = sqlStaffStore(db.sql);
    const [pending] = await staff.pending();
    if (!pending) throw new Error('the sample data has no pending listing');
    await staff.setStatus(pending.id, 'verified', 'test', null, null);

    await freshCheckout(site());
    const second = await netlifyBuild(site(), cache(), env);
    await check(second, 'second');
    builds.push(second);
    expect(second.log).toContain(`incremental sync: read 1, removed 0, ${LISTINGS + 1} listings`);
    // Its data file alone; pages: its own, and those of the listings that now link to it as a neighbour. Every
    // other listing's page and detail file is carried from the previous build (src/build/incremental/integration.ts).
    expect(listingFiles(second.log, 'json').rendered).toEqual([pending.slug]);
    const neighbours = await linkingTo(pending.slug);
    // The sample's oldest pending listings each have neighbours: this build must have re-rendered their pages.
    expect(neighbours.length).toBeGreaterThan(0);
    expect(listingFiles(second.log, 'html').rendered.sort()).toEqual([pending.slug, ...neighbours].sort());
    const summary = parseSummary(second.log);
    expect(summary).toMatchObject({ mode: 'incremental' });
    // Node's compile cache came with the rest (netlify/plugins/build-cache): the build loaded the first one's code.
    expect(second.log).toContain('Build cache: restored .cache/node-compile');
    expect(summary?.carried).toBeGreaterThanOrEqual(LISTINGS * 2 - neighbours.length);
    console.log(
      `${LISTINGS} listings: first build ${(builds[0]!.ms / 1000).toFixed(1)} s, second ${(second.ms / 1000).toFixed(1)} s`,
    );
  });
});
