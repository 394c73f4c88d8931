/**
 * Partial builds (D5, issue 18): a route's getStaticPaths passes its paths through `keyedPaths`, which gives each
 * path a key (a digest of everything the page shows) and leaves out the paths whose key and output file are the
 * same as in the previous build. Their files are then carried over from the previous build's site by the
 * incremental-site integration (src/build/incremental-site.ts), which also deletes the files of paths that are
 * gone. A key must cover everything the page shows: by default it is the digest of the path's props, so a page
 * that renders only from its props (a listing page, its nearby listings included once they are props) needs
 * nothing more; a page that reads more (a landing page reads its state's listings) passes that as `key`.
 *
 * The state is process-wide (globalThis): the integration and the pages' getStaticPaths run in the same process
 * but in different module graphs. Without a running build (astro dev, astro check) every path is kept.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Output file (relative to the site folder) -> key, per keyed route. */
export type RouteKeys = Record<string, Record<string, string>>;

export interface PartialBuildState {
  /** The previous build's site folder and keys, when this build may reuse them; null renders everything. */
  previous: { siteDir: string; routes: RouteKeys } | null;
  /** This build's keys, recorded as getStaticPaths runs. */
  next: RouteKeys;
  /** Files of paths left out of this build, to be taken from the previous site. */
  carried: Set<string>;
  /** Files routes handed over whole (writtenPaths): output file -> body, written by the integration. */
  written: Map<string, string>;
  /**
   * The output folder when it is known before the pages are generated (a static build): handed files are then
   * written in the background while Astro renders, and `writing` settles when they are all written.
   */
  outDir: string | null;
  writing: Promise<void>[];
  /**
   * Where a full build keeps its copy of the site for the next build (incremental-site), when known before the
   * pages are generated: handed files written in the background are linked there too, as they are written.
   */
  keepDir: string | null;
}

const KEY = Symbol.for('glamping-directory.partial-build');
const scope = globalThis as { [KEY]?: PartialBuildState };

/** Starts a build's state (the integration, at astro:build:start). */
export function startPartialBuild(
  previous: PartialBuildState['previous'],
  outDir: string | null = null,
  keepDir: string | null = null,
): PartialBuildState {
  scope[KEY] = { previous, next: {}, carried: new Set(), written: new Map(), outDir, writing: [], keepDir };
  return scope[KEY];
}

/** The running build's state (the integration, once Astro has written the pages). */
export function currentPartialBuild(): PartialBuildState {
  const state = scope[KEY];
  if (!state) throw new Error('no partial build running');
  return state;
}

/** Ends it (the integration, once the site is complete). */
export function endPartialBuild(): void {
  delete scope[KEY];
}

export function digest(value: unknown): string {
  return createHash('sha256')
    .update(typeof value === 'string' ? value : JSON.stringify(value))
    .digest('base64url');
}

interface StaticPath {
  params: Record<string, string | undefined>;
  props?: Record<string, unknown>;
}

/**
 * The paths of one route this build must render. `route` names the route (unique per page file), `file` gives
 * a path's output file as Astro writes it (build.format 'file': '/listings/x' -> 'listings/x.html'), `key`
 * overrides the default key (the digest of the path's props).
 */
export function keyedPaths<P extends StaticPath>(
  route: string,
  paths: P[],
  file: (path: P) => string,
  key: (path: P) => string = (path) => digest(path.props ?? {}),
): P[] {
  const state = scope[KEY];
  if (!state) return paths;
  const previous = state.previous?.routes[route] ?? {};
  const next: Record<string, string> = {};
  state.next[route] = next;
  return paths.filter((path) => {
    const out = file(path);
    const k = key(path);
    next[out] = k;
    const same =
      state.previous !== null &&
      previous[out] === k &&
      // A file missing from the previous site (removed by hand) is rendered again.
      existsSync(join(state.previous.siteDir, out));
    if (same) state.carried.add(out);
    return !same;
  });
}

/**
 * Routes of many small files that need nothing of Astro's page rendering (one JSON file per listing, issue 18):
 * during a build, their bodies are handed to the incremental-site integration, which writes them into the output
 * folder in one go, and Astro renders none of these paths (its per-path pipeline costs about as much CPU as a whole
 * page: request, props lookup, response, a directory and a file write, each awaited). Outside a build (astro dev,
 * astro check) every path is returned and the route's own GET serves it. `file` gives the output file as Astro would
 * write it, `body` what the route's GET answers for that path.
 */
export function writtenPaths<P extends StaticPath>(
  paths: P[],
  file: (path: P) => string,
  body: (path: P) => string,
): P[] {
  const state = scope[KEY];
  if (!state) return paths;
  const files = paths.map((path): [string, string] => [file(path), body(path)]);
  for (const [out, text] of files) state.written.set(out, text);
  if (state.outDir) {
    const writing = writeInBackground(state.outDir, files, state.keepDir);
    // A failure fails the build where the integration awaits it, not as an unhandled rejection before that.
    writing.catch(() => {});
    state.writing.push(writing);
  }
  return [];
}

/**
 * What the writer thread runs (a CommonJS script: it is given as text, so that it works wherever this module was
 * bundled to): each file written synchronously, its folder made once, and linked into the kept copy when asked.
 */
const WRITER = `
const { mkdirSync, writeFileSync, linkSync, copyFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { workerData } = require('node:worker_threads');
const { dir, files, keepDir } = workerData;
const made = new Set();
const folder = (path) => {
  const parent = dirname(path);
  if (!made.has(parent)) {
    mkdirSync(parent, { recursive: true });
    made.add(parent);
  }
};
for (const [file, body] of files) {
  const to = join(dir, file);
  folder(to);
  writeFileSync(to, body);
  if (keepDir) {
    const kept = join(keepDir, file);
    folder(kept);
    try {
      linkSync(to, kept);
    } catch (error) {
      if (error.code !== 'EXDEV') throw error;
      copyFileSync(to, kept);
    }
  }
}
`;

/**
 * Writes the files in a thread of its own (issue 18): creating a file is mostly kernel work, which there runs beside
 * Astro's rendering (on another core) instead of taking turns with it on the main thread.
 */
function writeInBackground(
  dir: string,
  files: ReadonlyArray<[string, string]>,
  keepDir: string | null,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WRITER, { eval: true, workerData: { dir, files, keepDir } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the file writer stopped with code ${code}`)),
    );
  });
}
