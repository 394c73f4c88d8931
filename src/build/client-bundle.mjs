// @ts-check

/**
 * How the browser's JavaScript is bundled (README, "The browser's JavaScript": at most 85 KB gzipped, each file
 * apart, at the first load of browse, landing and home pages; `npm run bench -- js`). React, React DOM and the
 * scheduler are bundled as npm publishes them (CommonJS). Two Vite plugins, for the client build only (the dev server
 * is left as Vite makes it):
 *
 * - `chunking`: one file per set of pages rather than per set of importers. By default every dynamic import is a
 *   chunk boundary too, so the modules a page loads at once came in 15 files of a few hundred bytes each, gzipped
 *   apart. Here each module that a page's entry imports statically goes with the entries that do: React with the
 *   renderer, what only one island imports into that island's file, what the layout script imports into it (every
 *   page loads it), what the browse island shares with other islands into one `common` file. Code that loads on
 *   demand (dynamic imports) keeps Rolldown's own chunks, never one of these.
 * - `preloadHelper`: Vite's helper that preloads a dynamic import's own imports beside it (1.7 KB, 0.9 KB gzipped,
 *   at every page with a dynamic import), as a few lines doing the same; and preloads only chunks the importer
 *   has not loaded already.
 * - `serverOnDemand`: in the server's bundles only, Rolldown's note that a dynamic import also imported statically
 *   moves nothing. What the browser loads on demand a page may render at build time (the browse view's first cards,
 *   src/components/BrowseSection.astro): the note is then expected on every build, and only it is left out there.
 *
 * @param {{ mainIsland: string }} options `mainIsland`: the island most pages carry (its file name): modules it
 *   shares with other islands go into one file.
 * @returns {import('vite').Plugin[]}
 */
export function clientBundle({ mainIsland }) {
  return [chunking(mainIsland), preloadHelper(), serverOnDemand()];
}

/** @returns {import('vite').Plugin} */
function serverOnDemand() {
  return {
    name: 'client-bundle:server-on-demand',
    apply: 'build',
    configEnvironment(name) {
      if (name === 'client') return;
      return {
        build: {
          rolldownOptions: {
            onwarn(warning, warn) {
              if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
            },
          },
        },
      };
    },
  };
}

const isClient = (/** @type {{ environment?: { name: string } }} */ context) =>
  context.environment?.name === 'client';

// --- Chunks ---

/** @typedef {{ isEntry: boolean, importers: readonly string[], dynamicImporters: readonly string[] }} ModuleInfo */
/** @typedef {{ getModuleInfo(id: string): ModuleInfo | null }} ChunkingContext */

/**
 * The entries (island components, Astro's renderer, page scripts) that import a module: `statically` through
 * static imports alone (they load it at once), `any` through any import (they may load it).
 * @param {string} id
 * @param {ChunkingContext} context
 */
export function entriesOf(id, context) {
  const statically = new Set();
  const any = new Set();
  const seen = new Set();
  /** @type {Array<[string, boolean]>} */
  const queue = [[id, true]];
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [module, isStatic] = next;
    if (seen.has(`${isStatic}${module}`)) continue;
    seen.add(`${isStatic}${module}`);
    const info = context.getModuleInfo(module);
    if (!info) continue;
    if (info.isEntry) {
      any.add(module);
      if (isStatic) statically.add(module);
    }
    for (const importer of info.importers) queue.push([importer, isStatic]);
    for (const importer of info.dynamicImporters) queue.push([importer, false]);
  }
  return { statically, any };
}

const REACT =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]|[\\/]@astrojs[\\/]react[\\/]dist[\\/]/;
const LAYOUT_SCRIPT = /[\\/]layouts[\\/]Base\.astro\?/;
const nameOf = (/** @type {string} */ id) =>
  (id.split(/[\\/]/).pop() ?? '').replace(/\?.*$/, '').replace(/\.[^.]*$/, '');

/**
 * The chunk a module goes into (see clientBundle); null leaves it to Rolldown (code loaded on demand).
 * @param {string} mainIsland
 * @returns {(id: string, context: ChunkingContext) => string | null}
 */
export function chunkOf(mainIsland) {
  return (id, context) => {
    if (REACT.test(id)) return 'client';
    const { statically, any } = entriesOf(id, context);
    if (statically.size === 0) return null;
    const entries = [...statically];
    if (entries.some((e) => LAYOUT_SCRIPT.test(e))) return 'Base';
    if (entries.length === 1 && any.size === 1) return nameOf(entries[0] ?? '');
    if (entries.some((e) => nameOf(e) === mainIsland)) return 'common';
    // Modules the same entries import (statically, and in all) go together: one file per such set.
    const names = (/** @type {Set<string>} */ set) => [...set].map(nameOf).sort().join('+');
    const label = names(statically);
    return label.length <= 40 && statically.size === any.size
      ? label
      : `shared-${hash(`${label}|${names(any)}`)}`;
  };
}

/** A short stable name for a set of entries. @param {string} text */
function hash(text) {
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
}

/** @returns {import('vite').Plugin} */
function chunking(/** @type {string} */ mainIsland) {
  return {
    name: 'client-bundle:chunking',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            // Every module a page loads at once is placed by chunkOf, its imports too: Rolldown must not pull a
            // module's imports into its chunk. Entry chunks may then export more than the entry (Astro reads an
            // island's `default` only).
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [{ name: chunkOf(mainIsland) }],
              },
            },
          },
        },
      };
    },
  };
}

// --- Preloading what a dynamic import imports ---

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite's `__vitePreload(load, deps)`: adds a <link> for each dependency not yet asked for (modulepreload for a
 * script, a style sheet for CSS, which the import then waits for) so that they load beside the chunk, then imports.
 * Links already in the page are not added again.
 * @param {string} base
 */
export const preloadHelperCode = (base) => `const seen = {};
export const __vitePreload = (load, deps) => Promise.all((deps || []).map((dep) => {
  const href = ${JSON.stringify(base)} + dep;
  if (dep in seen || document.querySelector('link[href="' + href + '"]')) return seen[dep];
  const link = document.createElement('link');
  const css = dep.endsWith('.css');
  link.rel = css ? 'stylesheet' : 'modulepreload';
  link.href = href;
  seen[dep] = css ? new Promise((done, fail) => { link.onload = done; link.onerror = () => fail(new Error('Unable to preload CSS for ' + dep)); }) : undefined;
  document.head.appendChild(link);
  return seen[dep];
})).then(load);
`;

/** @returns {import('vite').Plugin} */
function preloadHelper() {
  let base = '/';
  /** Static imports of each chunk of the bundle being written. @type {Map<string, readonly string[]>} */
  const imports = new Map();
  /** The chunks loaded with `file`: itself and its static imports, transitively. @param {string} file */
  const loadedWith = (file) => {
    const loaded = new Set();
    for (let queue = [file], next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (loaded.has(next)) continue;
      loaded.add(next);
      queue.push(...(imports.get(next) ?? []));
    }
    return loaded;
  };
  return {
    name: 'client-bundle:preload-helper',
    apply: 'build',
    enforce: 'pre',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          modulePreload: {
            polyfill: false,
            // What the importing chunk imported statically is in already, and the imported chunk itself is
            // fetched by the import at once (the helper adds its links, then imports, in the same task).
            resolveDependencies: (file, deps, { hostId }) => {
              const loaded = loadedWith(hostId);
              return deps.filter((dep) => dep !== file && !loaded.has(dep));
            },
          },
        },
      };
    },
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      return isClient(this) && id === PRELOAD_HELPER ? preloadHelperCode(base) : null;
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        if (!isClient(this)) return;
        imports.clear();
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk') imports.set(chunk.fileName, chunk.imports);
      },
    },
  };
}
