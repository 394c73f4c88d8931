/**
 * The incremental-site integration (D5; docs/incremental-build.md). The cache folder (astro.config.mjs cacheDir,
 * kept between Netlify builds by netlify/plugins/build-cache and between npm start's rebuilds) holds the previous
 * build's whole site as hard links, with the key of every keyed path (./static-paths.ts). A build whose code and
 * configuration are the same as the previous one's (the fingerprint) renders only the keyed paths whose key changed,
 * plus every route that is not keyed (home, /browse, /states, the sitemaps, the articles...); then this
 * integration, the last one to run, completes the output folder with hard links to the previous site's files of the
 * paths left out, and keeps the result as the next build's previous site. Files of paths that are gone are simply
 * not carried. Any change of code, dependencies or configuration makes a full build; so does a missing or foreign
 * cache. The output is the same, byte for byte, as a full build's (tests/e2e/incremental-build.test.ts).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { currentBuild, endBuild, type RouteKeys, startBuild } from './state';
import { type BuildSummary, CACHE_FOLDER, LISTINGS_SNAPSHOT, SUMMARY_FILE, summaryLine } from './summary';
import { handedFilesLines, writeHandedFiles } from './written-files';

const VERSION = 1;

interface Manifest {
  version: number;
  fingerprint: string;
  /** Folder (in CACHE_FOLDER) holding the previous site. */
  site: string;
  routes: RouteKeys;
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/**
 * Everything the pages are made from besides the data: sources, public files, dependencies, Astro's settings. (Pages
 * read no environment variable: the product configuration reaches them only through Astro's `site`; what they show
 * of the data is in their keys.)
 */
async function fingerprint(root: string, settings: unknown): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const dir of ['src', 'public']) {
    for (const file of (await files(join(root, dir))).sort()) {
      hash.update(`\0${dir}/${file}\0`);
      hash.update(await readFile(join(root, dir, file)));
    }
  }
  for (const file of ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(join(root, file)).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex');
}

async function readManifest(path: string): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await readFile(path, 'utf8')) as Manifest;
    return manifest.version === VERSION ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * A hard link where possible (same file system), else a copy. Synchronous (README, "The cold build"): a site's
 * 20,000 files are linked one after the other either way, and awaiting each through the thread pool took seconds.
 */
function place(from: string, to: string, dirs: Set<string>): void {
  const parent = dirname(to);
  if (!dirs.has(parent)) {
    mkdirSync(parent, { recursive: true });
    dirs.add(parent);
  }
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
  }
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([stat(a).catch(() => null), stat(b)]);
  if (!sa || sa.size !== sb.size) return false;
  if (sa.ino === sb.ino && sa.dev === sb.dev) return true;
  const [ba, bb] = await Promise.all([readFile(a), readFile(b)]);
  return ba.equals(bb);
}

/**
 * Every keyed route of the previous build declared its paths in this one (same fingerprint, same routes). One that
 * did not would carry none of its files: Astro skipped its getStaticPaths, as when a second build in one process
 * writes into the same folder and Node hands it the first build's modules with their cached paths. Such a build
 * fails rather than publish a site without those pages.
 */
function expectEveryRoute(previous: RouteKeys, next: RouteKeys): void {
  const missing = Object.keys(previous).filter((route) => !(route in next));
  if (missing.length > 0)
    throw new Error(
      `incremental build: the paths of ${missing.join(', ')} were not declared in this build (a build into the folder of an earlier build in the same process?)`,
    );
}

/** The integration. Must be the last one: it completes the folder after the others wrote into it. */
export function incrementalSite(
  /** Configuration values pages show (map tiles, the photo address): a change of one renders every page. */
  settings: unknown = null,
): AstroIntegration {
  let root = '';
  let cacheDir = '';
  let site = '';
  let print: string | null = null;
  let outDir: string | null = null;
  let keepName: string | null = null;
  return {
    name: 'incremental-site',
    hooks: {
      // Where the build keeps its listings snapshot (src/data/snapshot.ts): beside this cache, in Astro's cache
      // folder, which every caller of the build names (npm start's rebuilds and the bench their own).
      'astro:config:setup': ({ config, updateConfig }) => {
        const file = join(fileURLToPath(config.cacheDir), LISTINGS_SNAPSHOT);
        updateConfig({ vite: { define: { __LISTINGS_SNAPSHOT__: JSON.stringify(file) } } });
      },
      'astro:config:done': ({ config, buildOutput }) => {
        // An integration after this one that rewrote a carried file in place would rewrite the kept copy (the same
        // file, a hard link) and the previous build's: refuse such an order.
        const after = config.integrations
          .slice(config.integrations.findIndex((i) => i.name === 'incremental-site') + 1)
          .filter((i) => !i.name.startsWith('astro:'));
        if (after.length > 0)
          throw new Error(
            `incremental-site must be the last integration (after it: ${after.map((i) => i.name).join(', ')})`,
          );
        root = fileURLToPath(config.root);
        cacheDir = join(fileURLToPath(config.cacheDir), CACHE_FOLDER);
        site = JSON.stringify([config.site, config.base, config.trailingSlash, config.build.format]);
        // A static build writes its pages into outDir: files handed over whole can go there as soon as they come.
        outDir = buildOutput === 'static' ? fileURLToPath(config.outDir) : null;
      },
      'astro:build:start': async () => {
        // Not LOCAL_SITE_BUILD: it only leaves out the Netlify adapter, which renders no page (a build with it and one
        // without make the same files), so npm start's builds and `npm run build` can share a cache. The year: the
        // footer shows the build's year, so the first build of a year renders every page.
        print = await fingerprint(root, [
          site,
          process.env.NODE_ENV,
          new Date().getFullYear(),
          JSON.stringify(settings),
        ]);
        const manifest = await readManifest(join(cacheDir, 'manifest.json'));
        const usable = manifest?.fingerprint === print && existsSync(join(cacheDir, manifest.site));
        // A full build keeps its site in a new folder, named now so that files written in the background are linked
        // into it as they are written (it is trusted only once the manifest names it, at the end of the build).
        keepName = usable ? null : `site-${Date.now().toString(36)}-${process.pid}`;
        startBuild(
          usable && manifest ? { siteDir: join(cacheDir, manifest.site), routes: manifest.routes } : null,
          outDir,
          keepName && outDir ? join(cacheDir, keepName) : null,
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
        const state = currentBuild();
        const out = fileURLToPath(dir);
        try {
          // Handed files: written in the background into this very folder, or now.
          await Promise.all(state.writing);
          if (state.writing.length === 0 || resolve(state.outDir ?? '') !== resolve(out))
            writeHandedFiles(out, state.written);
          for (const line of [...state.log, ...handedFilesLines(state.written.keys())]) logger.info(line);
          if (state.previous) expectEveryRoute(state.previous.routes, state.next);
          const rendered = await files(out);
          const dirs = new Set<string>();
          let changed = 0;
          let removed = 0;
          if (state.previous) {
            for (const file of state.carried)
              place(join(state.previous.siteDir, file), join(out, file), dirs);
            for (const file of rendered)
              if (!(await sameBytes(join(state.previous.siteDir, file), join(out, file)))) changed++;
          } else changed = rendered.length;
          const all = [...new Set([...rendered, ...state.carried])];
          await mkdir(cacheDir, { recursive: true });
          const manifestFile = join(cacheDir, 'manifest.json');
          // The next build's previous site. After an incremental build, the kept folder is brought up to date in
          // place (a few files, not the whole site); the manifest goes first, so that a build cut short leaves no
          // manifest and the next build is a full one rather than one that trusts a half-updated folder.
          let name: string;
          if (state.previous) {
            await rm(manifestFile, { force: true });
            const keep = state.previous.siteDir;
            name = relative(cacheDir, keep);
            const now = new Set(all);
            for (const file of await files(keep)) {
              if (now.has(file)) continue;
              await rm(join(keep, file));
              removed++;
            }
            const keepDirs = new Set<string>();
            for (const file of rendered) {
              await rm(join(keep, file), { force: true });
              place(join(out, file), join(keep, file), keepDirs);
            }
          } else {
            name = keepName ?? `site-${Date.now().toString(36)}-${process.pid}`;
            // Handed files written in the background are in the kept folder already.
            const linked = state.keepDir ? state.written : new Map<string, string>();
            const keepDirs = new Set<string>();
            for (const file of all)
              if (!linked.has(file)) place(join(out, file), join(cacheDir, name, file), keepDirs);
          }
          const manifest: Manifest = {
            version: VERSION,
            fingerprint: print ?? '',
            site: name,
            routes: state.next,
          };
          await writeFile(join(cacheDir, 'manifest.tmp'), JSON.stringify(manifest));
          await rename(join(cacheDir, 'manifest.tmp'), manifestFile);
          for (const entry of await readdir(cacheDir)) {
            if (entry.startsWith('site-') && entry !== name)
              await rm(join(cacheDir, entry), { recursive: true, force: true });
          }
          const summary: BuildSummary = {
            mode: state.previous ? 'incremental' : 'full',
            rendered: rendered.length,
            copied: rendered.filter(
              (file) => file.split(sep)[0] === '_astro' || existsSync(join(root, 'public', file)),
            ).length,
            changed,
            removed,
            carried: state.carried.size,
            total: all.length,
          };
          await writeFile(join(cacheDir, SUMMARY_FILE), JSON.stringify(summary));
          logger.info(summaryLine(summary));
        } finally {
          endBuild();
        }
      },
    },
  };
}
