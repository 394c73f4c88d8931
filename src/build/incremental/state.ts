/**
 * The one place an incremental build keeps its state (D5; docs/incremental-build.md, "Where the state lives").
 *
 * Why on globalThis: Astro loads this module twice in one build. The incremental-site integration is loaded with
 * astro.config.mjs (Vite's module runner, from the source file) and starts and ends the build here; the routes'
 * getStaticPaths run from the bundle Astro builds for prerendering, which holds a second copy of this module. A
 * module-level variable would be two variables; a slot on globalThis under a registered symbol is one per process.
 * Nothing else reads or writes that slot: everything goes through the functions below. Outside a build (astro dev,
 * astro check, a unit test that starts none) there is no state, and every path is rendered as before.
 */

/** Output file (relative to the site folder) -> key, per keyed route. */
export type RouteKeys = Record<string, Record<string, string>>;

export interface BuildState {
  /** The previous build's site folder and keys, when this build may reuse them; null renders everything. */
  previous: { siteDir: string; routes: RouteKeys } | null;
  /** This build's keys, recorded as getStaticPaths runs. */
  next: RouteKeys;
  /** Files of paths left out of this build, to be taken from the previous site. */
  carried: Set<string>;
  /** Files routes hand over whole (keyedStaticPaths' `write`): output file -> body, written by the build, not Astro. */
  written: Map<string, string>;
  /**
   * The output folder when it is known before the pages are generated (a static build): handed files are then
   * written in the background while Astro renders, and `writing` settles when they are all written.
   */
  outDir: string | null;
  writing: Promise<void>[];
  /**
   * Where a full build keeps its copy of the site for the next build (the integration), when known before the
   * pages are generated: handed files written in the background are linked there too, as they are written.
   */
  keepDir: string | null;
  /**
   * The writer thread's module (./writer.mjs). Resolved here, when the build starts, because startBuild runs in the
   * integration's copy of this module, whose import.meta.url is the source file; the routes' copy is bundled into
   * another folder, where the same relative URL would name nothing (Vite leaves server code's `new URL` as written).
   */
  writer: URL;
  /**
   * Lines for the build's log, printed by the integration once the pages are written: a page's own output while Astro
   * renders would break the lines Astro writes for each rendered file (in two parts: the file, then its time).
   */
  log: string[];
}

const SLOT = Symbol.for('glamping-directory.incremental-build');
const scope = globalThis as { [SLOT]?: BuildState };

/** Starts a build's state (the integration, at astro:build:start). */
export function startBuild(
  previous: BuildState['previous'],
  outDir: string | null = null,
  keepDir: string | null = null,
): BuildState {
  scope[SLOT] = {
    previous,
    next: {},
    carried: new Set(),
    written: new Map(),
    outDir,
    writing: [],
    keepDir,
    writer: new URL('./writer.mjs', import.meta.url),
    log: [],
  };
  return scope[SLOT];
}

/** The running build's state, or null outside a build (the routes' getStaticPaths). */
export function runningBuild(): BuildState | null {
  return scope[SLOT] ?? null;
}

/** The running build's state (the integration, once Astro has written the pages). */
export function currentBuild(): BuildState {
  const state = scope[SLOT];
  if (!state) throw new Error('no incremental build running');
  return state;
}

/** Ends it (the integration, once the site is complete). */
export function endBuild(): void {
  delete scope[SLOT];
}
