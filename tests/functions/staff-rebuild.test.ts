import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRebuilder } from '../../scripts/lib/rebuild';
import { type SiteServer, startSiteServer } from '../../scripts/lib/server';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffStore } from '../../src/data/staff-store';
import { flushDeferredRebuild, requestRebuild } from '../../src/server/staff/rebuild-signal';
import { backends, describeEachBackend } from '../db/backends';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'staff-rebuild-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A build that takes as long as the test says: each call waits for release() and writes "site N". */
function controlledBuild() {
  const calls: Array<{ release(error?: Error): void }> = [];
  let waiting: (() => void) | null = null;
  const build = async (outDir: string) => {
    const n = calls.length;
    const done = new Promise<void>((resolve, reject) => {
      calls.push({ release: (error) => (error ? reject(error) : resolve()) });
    });
    // Released (maybe with an error) while the folder is being written: awaited below, not unhandled.
    done.catch(() => {});
    waiting?.();
    await mkdir(outDir, { recursive: true });
    await writeFile(join(outDir, 'index.html'), `<h1>site ${n}</h1>`);
    await done;
    return 1;
  };
  /** Resolves once the build with this index has started. */
  const started = async (index: number) => {
    while (calls.length <= index) await new Promise<void>((resolve) => (waiting = resolve));
    return calls[index] as { release(error?: Error): void };
  };
  return { build, calls, started };
}

describe('the local rebuild loop', () => {
  let server: SiteServer;
  const lines: string[] = [];
  const page = async () => (await fetch(`${server.url}/`)).text();
  const fake = controlledBuild();

  afterAll(() => server?.close());

  it('serves the first build, then swaps in a rebuild only when it is complete', async () => {
    const loop = createRebuilder({ stateDir: join(work, 'a'), log: (l) => lines.push(l), build: fake.build });
    const first = loop.buildNow();
    (await fake.started(0)).release();
    server = await startSiteServer({ siteDir: await first, port: 0, log: () => {} });
    loop.attach(server);
    expect(await page()).toBe('<h1>site 0</h1>');

    loop.request();
    const second = await fake.started(1);
    // Mid-build the new folder is half written: visitors still get the previous site.
    expect(await page()).toBe('<h1>site 0</h1>');
    second.release();
    await loop.idle();
    expect(await page()).toBe('<h1>site 1</h1>');
    // The previous build folder is gone once the new one is served.
    expect(await readdir(join(work, 'a', 'builds'))).toHaveLength(1);
  });

  it('coalesces requests made during a build into exactly one more build', async () => {
    const fakeB = controlledBuild();
    const loop = createRebuilder({ stateDir: join(work, 'b'), log: () => {}, build: fakeB.build });
    loop.request();
    const first = await fakeB.started(0);
    for (let i = 0; i < 5; i++) loop.request();
    first.release();
    (await fakeB.started(1)).release();
    await loop.idle();
    expect(fakeB.calls).toHaveLength(2);
    expect(await readFile(join(loop.current ?? '', 'index.html'), 'utf8')).toBe('<h1>site 1</h1>');
  });

  it('keeps serving the previous site when a build fails, logs why, and recovers on the next change', async () => {
    const fakeC = controlledBuild();
    const log: string[] = [];
    const loop = createRebuilder({ stateDir: join(work, 'c'), log: (l) => log.push(l), build: fakeC.build });
    const firstDir = loop.buildNow();
    (await fakeC.started(0)).release();
    const site = await startSiteServer({ siteDir: await firstDir, port: 0, log: () => {} });
    loop.attach(site);
    try {
      loop.request();
      (await fakeC.started(1)).release(new Error('astro build: listing "x" failed validation'));
      await loop.idle();
      expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>site 0</h1>');
      expect(loop.current).toBe(await firstDir);
      expect(log.at(-1)).toBe(
        'Rebuild failed, still serving the previous site: astro build: listing "x" failed validation',
      );
      // The failed build's folder is removed; only the served one stays.
      expect(await readdir(join(work, 'c', 'builds'))).toHaveLength(1);

      loop.request();
      (await fakeC.started(2)).release();
      await loop.idle();
      expect(await (await fetch(`${site.url}/`)).text()).toBe('<h1>site 2</h1>');
    } finally {
      await site.close();
    }
  });

  it('is what a staff action reaches while the local server runs', async () => {
    let asked = 0;
    const store = {} as StaffStore;
    expect(await requestRebuild(store, 'http://127.0.0.1:9/never', () => asked++)).toBe('local');
    expect(asked).toBe(1);
    expect(await requestRebuild(store, null)).toBe('none');
  });
});

/** A build hook on 127.0.0.1 that answers as told: a status, or never (hang). Counts the calls it received. */
async function hookServer(answer: (respond: (status: number) => void) => void) {
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    answer((status) => res.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/x`,
    calls: () => calls,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens: the connection is refused. */
async function closedPortUrl() {
  const probe = await hookServer(() => {});
  await probe.close();
  return probe.url;
}

describeEachBackend(await backends(), 'the build hook on $name', (backend) => {
  let db: { sql: Sql; dispose(): Promise<void> };
  let store: StaffStore;
  const hooks: Array<{ close(): Promise<unknown> }> = [];
  beforeAll(async () => {
    db = await backend.create();
    store = sqlStaffStore(db.sql);
  });
  afterAll(async () => {
    for (const h of hooks) await h.close();
    await db?.dispose();
  });
  const pending = async () =>
    (await db.sql.query<{ pending: boolean }>('select pending from public.staff_rebuild_state'))[0]?.pending;
  /** As if the window (a minute) had passed since the last call. */
  const windowPassed = () =>
    db.sql.query(`update public.staff_rebuild_state set last_triggered_at = now() - interval '1 hour'`);
  const serve = async (answer: Parameters<typeof hookServer>[0]) => {
    const hook = await hookServer(answer);
    hooks.push(hook);
    return hook;
  };

  it('keeps the change pending through refused, 500 and timed-out calls, and clears it once a call succeeds', async () => {
    expect(await requestRebuild(store, await closedPortUrl())).toBe('hook-failed');
    expect(await pending()).toBe(true);

    const broken = await serve((respond) => respond(500));
    await windowPassed();
    expect(await flushDeferredRebuild(store, broken.url)).toBe('hook-failed');
    expect(broken.calls()).toBe(1);
    expect(await pending()).toBe(true);

    const hanging = await serve(() => {});
    await windowPassed();
    // A hook that never answers is given up on (the call resolves as failed) rather than awaited for ever.
    expect(await flushDeferredRebuild(store, hanging.url, 60, 300)).toBe('hook-failed');
    expect(hanging.calls()).toBe(1);
    expect(await pending()).toBe(true);

    // Inside the window the schedule waits; once it has passed, two racing flushes make exactly one call.
    const ok = await serve((respond) => respond(204));
    expect(await flushDeferredRebuild(store, ok.url)).toBe('none');
    await windowPassed();
    const raced = await Promise.all([
      flushDeferredRebuild(store, ok.url),
      flushDeferredRebuild(store, ok.url),
    ]);
    expect(raced.sort()).toEqual(['hook-called', 'none']);
    expect(ok.calls()).toBe(1);
    expect(await pending()).toBe(false);
    await windowPassed();
    expect(await flushDeferredRebuild(store, ok.url)).toBe('none');
    expect(ok.calls()).toBe(1);
  });

  it('keeps a change made while the hook call was in flight pending for the next call', async () => {
    let first = true;
    const ok = await serve((respond) => {
      if (!first) return respond(200);
      first = false;
      // A staff action commits while Netlify is still answering the first call.
      void store.claimRebuild(3600).then(() => respond(200));
    });
    await windowPassed();
    expect(await requestRebuild(store, ok.url)).toBe('hook-called');
    expect(await pending()).toBe(true);
    await windowPassed();
    expect(await flushDeferredRebuild(store, ok.url)).toBe('hook-called');
    expect(ok.calls()).toBe(2);
    expect(await pending()).toBe(false);
  });
});
