/**
 * Verify-to-live (issue 6, D5): `npm start`'s setup with 1,000 verified listings (embedded database, first build,
 * local server, rebuild loop); then one staff verification over POST /api/staff, timed until the listing's own page
 * is served. Also the rebuild's own duration, and a second change (an edit) for a second sample.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { listingPath } from '../../src/domain/slug';
import { prepareDatabase, seedIfEmpty } from '../lib/database';
import { createRebuilder } from '../lib/rebuild';
import { startSiteServer } from '../lib/server';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'rebuild';
const LISTINGS = 1_000;

async function until(url: string, status: number, limitMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status === status) return performance.now() - start;
    if (performance.now() - start > limitMs)
      throw new Error(`${url} did not answer ${status} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const section: BenchSection = {
  name: SECTION,
  async run() {
    const work = await mkdtemp(join(tmpdir(), 'glamping-bench-rebuild-'));
    for (const name of [
      'DATABASE_URL',
      'SUPABASE_URL',
      'SMTP_URL',
      'NETLIFY',
      'CONTEXT',
      'APP_ENV',
      'NETLIFY_BUILD_HOOK_URL',
    ])
      delete process.env[name];
    Object.assign(process.env, {
      PGLITE_DIR: join(work, 'db'),
      EMAIL_OUTBOX_DIR: join(work, 'outbox'),
      STAFF_TOKEN: `bench-${crypto.randomUUID()}`,
    });
    const sql = await prepareDatabase();
    if (!sql) throw new Error('the rebuild bench needs the embedded database');
    const builds: number[] = [];
    const rebuilder = createRebuilder({
      stateDir: work,
      log: (line) => {
        const seconds = /^Built \d+ pages in ([\d.]+) s/.exec(line)?.[1];
        if (seconds) builds.push(Number(seconds) * 1000);
        else console.log(`  ${line}`);
      },
    });
    let server: Awaited<ReturnType<typeof startSiteServer>> | null = null;
    try {
      await seedIfEmpty(sql, { verified: LISTINGS });
      await rebuilder.buildNow();
      server = await startSiteServer({
        siteDir: rebuilder.current ?? '',
        port: 0,
        log: () => {},
        onPublicChange: () => rebuilder.request(),
      });
      rebuilder.attach(server);
      const base = server.url;
      const staff = async (body: Record<string, unknown>) => {
        const res = await fetch(`${base}/api/staff`, {
          method: 'POST',
          headers: { authorization: `Bearer ${process.env.STAFF_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`staff ${body.action}: ${res.status} ${await res.text()}`);
        return (await res.json()) as { listings?: Array<{ id: string; slug: string }> };
      };
      const [pending] = (await staff({ action: 'list' })).listings ?? [];
      if (!pending) throw new Error('no pending listing to verify');

      const start = performance.now();
      await staff({ action: 'verify', id: pending.id });
      await until(`${base}${listingPath(pending.slug)}`, 200, 120_000);
      const verifyToLive = performance.now() - start;
      await rebuilder.idle();
      const rebuildMs = builds.at(-1) ?? Number.NaN;

      const rows: BenchRow[] = [
        atMost(
          SECTION,
          `verify-to-live, ${LISTINGS.toLocaleString('en-US')} listings`,
          verifyToLive / 1000,
          's',
          10,
          `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
        ),
        info(
          SECTION,
          'rebuild after one verification',
          rebuildMs / 1000,
          's',
          'build only, in the running server',
        ),
        info(SECTION, 'first build', (builds[0] ?? Number.NaN) / 1000, 's', 'full sync, empty cache'),
      ];
      // Taking it back out: the listing's page is gone after the next rebuild.
      const back = performance.now();
      await staff({ action: 'unverify', id: pending.id });
      await until(`${base}${listingPath(pending.slug)}`, 404, 120_000);
      rows.push(info(SECTION, 'unverify-to-gone', (performance.now() - back) / 1000, 's'));
      return rows;
    } finally {
      await rebuilder.idle();
      await server?.close();
      await sql.close();
      await rm(work, { recursive: true, force: true });
    }
  },
};

export default section;
