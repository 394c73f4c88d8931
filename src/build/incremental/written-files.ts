/**
 * Files routes hand over whole (keyedStaticPaths' `write`): Astro's per-path pipeline (request, props, response, a
 * folder and a file write, each awaited) costs about as much CPU as a whole page, so small data files are written
 * by the build instead (docs/incremental-build.md, "Files written whole"; README, "The cold build").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BuildState } from './state';

/** Hands a route's files to the build: written in the background when the output folder is known, else at the end. */
export function handOver(state: BuildState, files: ReadonlyArray<[string, string]>): void {
  for (const [out, text] of files) state.written.set(out, text);
  if (!state.outDir) return;
  const writing = writeInBackground(state.writer, state.outDir, files, state.keepDir);
  // A failure fails the build where the integration awaits it, not as an unhandled rejection before that.
  writing.catch(() => {});
  state.writing.push(writing);
}

/** Writes the files in a thread of its own (./writer.mjs). */
function writeInBackground(
  writer: URL,
  dir: string,
  files: ReadonlyArray<[string, string]>,
  keepDir: string | null,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(writer, { workerData: { dir, files, keepDir } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the file writer stopped with code ${code}`)),
    );
  });
}

/** The handed files, written synchronously (a build whose output folder was not known when the routes ran). */
export function writeHandedFiles(out: string, written: ReadonlyMap<string, string>): void {
  const dirs = new Set<string>();
  for (const [file, body] of written) {
    const to = join(out, file);
    const parent = dirname(to);
    if (!dirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      dirs.add(parent);
    }
    writeFileSync(to, body);
  }
}

/**
 * What the handed files of this build were, one line per folder: how many, and their names when few (the build log
 * shows which listing's data file an incremental build wrote, as it lists the pages Astro rendered).
 */
export function handedFilesLines(written: Iterable<string>): string[] {
  const byDir = new Map<string, string[]>();
  for (const file of written) {
    const dir = dirname(file);
    const names = byDir.get(dir);
    if (names) names.push(file.slice(dir.length + 1));
    else byDir.set(dir, [file.slice(dir.length + 1)]);
  }
  return [...byDir].map(
    ([dir, names]) =>
      `Written whole: /${dir.replaceAll('\\', '/')}/ ${names.length} file(s)${names.length <= 20 ? `: ${names.sort().join(' ')}` : ''}`,
  );
}
