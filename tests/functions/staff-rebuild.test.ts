import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRebuilder } from '../../scripts/lib/rebuild';
import { type SiteServer, startSiteServer } from '../../scripts/lib/server';
import type { StaffStore } from '../../src/data/staff-store';
import { requestRebuild } from '../../src/server/staff/rebuild-signal';

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
