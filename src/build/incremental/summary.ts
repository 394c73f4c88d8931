/** What a build did, as its summary line says it (the bench and the tests read it; docs/incremental-build.md). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The integration's folder in Astro's cache folder (astro.config.mjs cacheDir). */
export const CACHE_FOLDER = 'partial-build';
/** The last build's summary, in that folder: readBuildSummary(cacheDir). */
export const SUMMARY_FILE = 'summary.json';
/** The listings snapshot (src/data/sync.ts), in Astro's cache folder. */
export const LISTINGS_SNAPSHOT = 'listings-snapshot.json';

export interface BuildSummary {
  mode: 'full' | 'incremental';
  /** Files Astro wrote in this build. */
  rendered: number;
  /**
   * Of those, the copies Astro makes in every build of `public/` and of its bundles (`_astro/`): rendered by no page,
   * the same bytes as the previous build's when the code is the same.
   */
  copied: number;
  /** Files whose bytes differ from the previous build's (new ones included), and files of the previous build gone. */
  changed: number;
  removed: number;
  /** Files taken from the previous build (hard links). */
  carried: number;
  total: number;
}

export async function readBuildSummary(astroCacheDir: string): Promise<BuildSummary> {
  return JSON.parse(await readFile(join(astroCacheDir, CACHE_FOLDER, SUMMARY_FILE), 'utf8')) as BuildSummary;
}

export function summaryLine(s: BuildSummary): string {
  return `Site build: ${s.mode}, rendered ${s.rendered} files (${s.copied} copied from public/ and _astro/), ${s.changed} changed and ${s.removed} removed of ${s.total} files, ${s.carried} carried from the previous build`;
}

export function parseSummary(log: string): BuildSummary | null {
  const m =
    /Site build: (full|incremental), rendered (\d+) files \((\d+) copied[^)]*\), (\d+) changed and (\d+) removed of (\d+) files, (\d+) carried/.exec(
      log,
    );
  if (!m) return null;
  const [, mode, rendered, copied, changed, removed, total, carried] = m;
  return {
    mode: mode as BuildSummary['mode'],
    rendered: Number(rendered),
    copied: Number(copied),
    changed: Number(changed),
    removed: Number(removed),
    total: Number(total),
    carried: Number(carried),
  };
}
