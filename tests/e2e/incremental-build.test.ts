import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/build';
import { prepareDatabase } from '../../scripts/lib/database';
import { loadSampleData } from '../../scripts/lib/sample/load';
import { type BuildSummary, readBuildSummary } from '../../src/build/incremental/summary';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffListing } from '../../src/data/staff-store';

const LISTINGS = 120;

/** Every file of a built site with its bytes. */
async function tree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [relative(dir, f), await readFile(f)] as const)));
}

/** The files where two sites differ (missing on one side, or other bytes). */
function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => !a.get(name)?.equals(b.get(name) ?? Buffer.alloc(0))).sort();
}

/**
 * A rebuild after a staff change renders only the affected pages and carries the rest from the previous build
 * (src/build/incremental/integration.ts): its site must be the very site a full build from an empty cache makes.
 */
describe('an incremental build makes the same site as a full build', () => {
  let work: string;
  let sql: Sql;
  let listing: StaffListing;
  const cacheDir = () => join(work, 'cache');

  /** Builds into `name` with the given cache folder and returns the build's own summary. */
  async function build(name: string, cache: string): Promise<BuildSummary> {
    await buildSite(join(work, name), { cacheDir: cache });
    return readBuildSummary(cache);
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'glamping-incremental-'));
    process.env.PGLITE_DIR = join(work, 'db');
    process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
    for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SMTP_URL']) delete process.env[name];
    const opened = await prepareDatabase();
    if (!opened) throw new Error('the test needs the embedded database');
    sql = opened;
    await loadSampleData(sql, () => {}, { verified: LISTINGS });
    const [pending] = await sqlStaffStore(sql).pending();
    if (!pending) throw new Error('the sample data has no pending listing');
    listing = pending;
    const first = await build('first', cacheDir());
    expect(first.mode).toBe('full');
  }, 300_000);

  afterAll(async () => {
    await sql?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  async function expectSameAsFullBuild(name: string) {
    const incremental = await build(name, cacheDir());
    await build(`${name}-full`, join(work, `cache-${name}`));
    const [a, b] = await Promise.all([tree(join(work, name)), tree(join(work, `${name}-full`))]);
    expect(differences(a, b)).toEqual([]);
    return { incremental, files: a };
  }

  it('after a verification: the listing is in, only the affected files changed', async () => {
    await sqlStaffStore(sql).setStatus(listing.id, 'verified', 'test', null, null);
    const { incremental, files } = await expectSameAsFullBuild('verified');
    expect(files.has(`listings/${listing.slug}.html`)).toBe(true);
    expect(incremental.mode).toBe('incremental');
    // Most of the site is carried unchanged; what changed is a small part of it.
    expect(incremental.carried).toBeGreaterThan(LISTINGS * 2);
    expect(incremental.changed).toBeGreaterThan(2);
    expect(incremental.changed).toBeLessThan(files.size / 10);
    expect(incremental.removed).toBe(0);
  }, 300_000);

  it('after an edit that moves it to another state: the pages of both states follow', async () => {
    const other = listing.state === 'Oregon' ? 'Vermont' : 'Oregon';
    await sqlStaffStore(sql).edit(listing.id, 'state', other, 'test');
    const { incremental, files } = await expectSameAsFullBuild('moved');
    expect(files.get(`listings/${listing.slug}.html`)?.toString()).toContain(other);
    expect(incremental.mode).toBe('incremental');
  }, 300_000);

  it('after an unpublish: its page and detail file are gone, nothing else stale', async () => {
    await sqlStaffStore(sql).setStatus(listing.id, 'pending', 'test', null, null);
    const { incremental, files } = await expectSameAsFullBuild('unpublished');
    expect(files.has(`listings/${listing.slug}.html`)).toBe(false);
    expect(files.has(`data/listings/${listing.slug}.json`)).toBe(false);
    expect(incremental).toMatchObject({ mode: 'incremental', removed: 2 });
  }, 300_000);
});
