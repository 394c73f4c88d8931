import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildSite } from './build';

/** Where the rebuild loop builds (one folder per build) and keeps Astro's cache (the listings snapshot). */
export interface RebuildOptions {
  stateDir: string;
  /** Astro's cache (listings snapshot, previous site for incremental builds); default <stateDir>/cache. */
  cacheDir?: string;
  log?: (line: string) => void;
  /** Builds a site into outDir; defaults to buildSite with the persistent cache (tests may swap it). */
  build?: (outDir: string, cacheDir: string) => Promise<number>;
  /** Told once a rebuild is served: what it published is live (the saved-search alert run). */
  published?: () => Promise<void>;
}

/** The served folder and how a swap is done: startSiteServer(...).swapSite fits. */
export interface Swappable {
  swapSite(newDir: string): Promise<void>;
}

/** Background rebuilds for the local server (D5): one build at a time, atomically swapped in when it succeeds. */
export interface Rebuilder {
  /** Builds once (the first site); returns its folder. */
  buildNow(): Promise<string>;
  /** Serves every later build through this server. */
  attach(server: Swappable): void;
  /** Asks for a rebuild; a request during a build schedules exactly one more. */
  request(): void;
  /** Resolves when no build is running or scheduled. */
  idle(): Promise<void>;
  /** The folder being served. */
  readonly current: string | null;
}

/** Creates the loop; nothing runs until buildNow() or request(). */
export function createRebuilder(options: RebuildOptions): Rebuilder {
  const buildsDir = resolve(options.stateDir, 'builds');
  const cacheDir = resolve(options.cacheDir ?? join(options.stateDir, 'cache'));
  const log = options.log ?? ((line: string) => console.log(`▸ ${line}`));
  const build = options.build ?? ((out: string, cache: string) => buildSite(out, { cacheDir: cache }));
  let server: Swappable | null = null;
  let current: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let waiters: Array<() => void> = [];

  const buildOne = async (): Promise<string> => {
    await mkdir(buildsDir, { recursive: true });
    const dir = join(buildsDir, new Date().toISOString().replace(/[:.]/g, '-'));
    const started = Date.now();
    try {
      const pages = await build(dir, cacheDir);
      log(`Built ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return dir;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  };

  // Old builds go once the new folder is served and requests on the old one finished (swapSite resolves then).
  const prune = async () => {
    const keep = current ? resolve(current) : null;
    for (const name of await readdir(buildsDir).catch(() => [])) {
      const dir = join(buildsDir, name);
      if (dir !== keep) await rm(dir, { recursive: true, force: true });
    }
  };

  const loop = async () => {
    do {
      again = false;
      try {
        const dir = await buildOne();
        await server?.swapSite(dir);
        current = dir;
        await prune();
        await options.published?.();
      } catch (error) {
        log(
          `Rebuild failed, still serving the previous site: ${error instanceof Error ? error.message : error}`,
        );
      }
    } while (again);
    running = null;
    for (const done of waiters) done();
    waiters = [];
  };

  return {
    async buildNow() {
      current = await buildOne();
      await prune();
      return current;
    },
    attach(s) {
      server = s;
    },
    request() {
      if (running) {
        again = true;
        return;
      }
      running = loop();
    },
    idle: () => (running ? new Promise<void>((done) => waiters.push(done)) : Promise.resolve()),
    get current() {
      return current;
    },
  };
}
