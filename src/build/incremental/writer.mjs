// @ts-check
/**
 * The writer thread (started by ./written-files.ts, its URL resolved in ./state.ts): writes the files routes hand
 * over whole into the output folder, synchronously, making each folder once, and links each into the kept copy of
 * the site when asked. Creating a file is mostly kernel work; here it runs beside Astro's rendering, on another core,
 * instead of taking turns with it on the main thread (docs/incremental-build.md, "Files written whole").
 * Plain JavaScript: the thread runs this file as it is, without Vite or a TypeScript loader.
 */
import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { workerData } from 'node:worker_threads';

/** @type {{ dir: string, files: Array<[string, string]>, keepDir: string | null }} */
const { dir, files, keepDir } = workerData;
const made = new Set();

/** @param {string} path */
function folder(path) {
  const parent = dirname(path);
  if (!made.has(parent)) {
    mkdirSync(parent, { recursive: true });
    made.add(parent);
  }
}

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
      if (/** @type {{ code?: string }} */ (error).code !== 'EXDEV') throw error;
      copyFileSync(to, kept);
    }
  }
}
