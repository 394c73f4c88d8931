/**
 * How a route with many paths declares them (D5; docs/incremental-build.md, "Declaring a route's keyed paths"):
 *
 *   export const getStaticPaths = keyedStaticPaths({
 *     route: 'listing-page',
 *     file: (p) => `listings/${p.params.slug}.html`,
 *     paths: async () => listings.map((l) => ({ params: { slug: l.slug }, props: { listing: l } })),
 *   }) satisfies GetStaticPaths;
 *
 * Each path has a key: the digest of everything its output shows. By default that is the digest of its props, so a
 * page that renders only from its props needs nothing more; a path whose output shows more (a landing page shows
 * its state's listings) gives that as `key`. A path whose key and output file are those of the previous build is left
 * out of this build, and the integration carries its file from the previous site. Routes of small data files that
 * need nothing of Astro's rendering give `write`, the file's body: the build writes those files itself. A route made
 * from code alone (the gazetteer's pieces) says `codeOnly`: an incremental build carries it whole, paths uncalled.
 * Outside a build (astro dev, astro check) every path is returned, keys unused, and the route serves them itself.
 * tests/unit/partial-build.test.ts fails naming any route under src/pages whose getStaticPaths is not made here
 * (a short list there names the few routes rendered in full by every build, and why).
 */
import { hash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildState, runningBuild } from './state';
import { handOver } from './written-files';

// One call per key (hash(), not createHash().update().digest()): a build digests a few keys per listing, 150,000 at
// 50,000 listings, and making a Hash object for each took most of the hashing time (a third as fast, Node 20 here).
export function digest(value: unknown): string {
  return hash('sha256', typeof value === 'string' ? value : JSON.stringify(value), 'base64url');
}

/** A static path as Astro takes it, with, optionally, its key. */
export interface KeyedPath {
  params: Record<string, string | undefined>;
  props?: Record<string, unknown>;
  /** The digest of everything the path's output shows, when more than its props (the default: digest(props)). */
  key?: string;
}

export interface KeyedRoute<P extends KeyedPath> {
  /** Names the route in the build's keys: unique per page file. */
  route: string;
  /** The route's paths, each with its key when its props are not all it shows. */
  paths: () => P[] | Promise<P[]>;
  /** A path's output file as Astro writes it (build.format 'file': '/listings/x' -> 'listings/x.html'). */
  file: (path: P) => string;
  /** The body of a path's file, for a route whose files the build writes whole instead of Astro rendering them. */
  write?: (path: P) => string;
  /**
   * The route's paths and files are made from code and dependencies alone, never from the data: an incremental
   * build (same fingerprint) carries all of the previous build's files without calling `paths`.
   */
  codeOnly?: true;
}

/** A route's getStaticPaths: its paths, less those this build carries from the previous one (and those it writes). */
export function keyedStaticPaths<P extends KeyedPath>(
  route: KeyedRoute<P>,
): () => Promise<Array<Omit<P, 'key'>>> {
  return async () => {
    const state = runningBuild();
    if (state && route.codeOnly && carryWhole(state, route.route)) return [];
    const paths = await route.paths();
    const kept = state ? toRender(state, route, paths) : paths;
    if (state && route.write) {
      const write = route.write;
      handOver(
        state,
        kept.map((path): [string, string] => [route.file(path), write(path)]),
      );
      return [];
    }
    return kept.map(({ key: _key, ...path }) => path);
  };
}

/**
 * Carries every file of a code-only route from the previous build, keys unchanged: the fingerprint that let this
 * build reuse the previous one covers all its files are made from. False (make them) without a previous build, or
 * if one of its files is missing from the previous site.
 */
function carryWhole(state: BuildState, route: string): boolean {
  const previous = state.previous?.routes[route];
  if (!state.previous || !previous) return false;
  const files = Object.keys(previous);
  if (!files.every((file) => inPreviousSite(state, file))) return false;
  state.next[route] = previous;
  for (const file of files) state.carried.add(file);
  return true;
}

/** The paths whose key or file differ from the previous build's; records every key for the next build. */
function toRender<P extends KeyedPath>(state: BuildState, route: KeyedRoute<P>, paths: P[]): P[] {
  const previous = state.previous?.routes[route.route] ?? {};
  const next: Record<string, string> = {};
  state.next[route.route] = next;
  return paths.filter((path) => {
    const out = route.file(path);
    const key = path.key ?? digest(path.props ?? {});
    next[out] = key;
    const same =
      state.previous !== null &&
      previous[out] === key &&
      // A file missing from the previous site (removed by hand) is rendered again.
      inPreviousSite(state, out);
    if (same) state.carried.add(out);
    return !same;
  });
}

/**
 * The names in each folder of the previous site, listed once per build: a check per path was a file system call
 * for each of the 105,000 files of a 50,000-listing site (docs/scaling.md).
 */
const previousFolders = new WeakMap<BuildState, Map<string, ReadonlySet<string>>>();

/** True when the previous build's site holds `file` (a path relative to it, with forward slashes). */
function inPreviousSite(state: BuildState, file: string): boolean {
  if (!state.previous) return false;
  let folders = previousFolders.get(state);
  if (!folders) {
    folders = new Map();
    previousFolders.set(state, folders);
  }
  const slash = file.lastIndexOf('/');
  const folder = file.slice(0, slash + 1);
  let names = folders.get(folder);
  if (!names) {
    names = listed(join(state.previous.siteDir, folder));
    folders.set(folder, names);
  }
  return names.has(file.slice(slash + 1));
}

/** A folder's names; none when it is missing. */
function listed(folder: string): ReadonlySet<string> {
  try {
    return new Set(readdirSync(folder));
  } catch {
    return new Set();
  }
}
