/**
 * A bench site (scripts/bench/site.ts) seeded and built in a child process, so the build's memory can be measured
 * apart from the bench's own (its browsers, servers, other sites). Two figures, both from Linux's /proc (nothing to
 * install, unlike /usr/bin/time):
 * - the build process's peak resident set (VmHWM of /proc/<pid>/status), reset to the current size by writing 5 to
 *   /proc/self/clear_refs once the database is seeded, so it covers the build alone (the embedded database stays in
 *   that process: a Netlify build reads Supabase over the network instead);
 * - the whole process tree's resident set (the build and whatever it starts, esbuild's service say), summed from
 *   every descendant's VmRSS, sampled every 500 ms during the build: a sample can miss a short peak, hence the first.
 * The site is then shared with the other sections of the run (shareBenchSite), as if built in this process.
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type BenchSite, benchWorkDir, buildBenchSiteIn, shareBenchSite, withTileFixture } from './site';

export interface BuildMemory {
  /** Peak resident set of the build process during the build, in bytes (VmHWM). */
  processPeak: number;
  /** False when /proc/self/clear_refs could not be written: then processPeak includes the seeding too. */
  peakReset: boolean;
  /** Largest sampled sum of the resident sets of the build's process tree, in bytes. */
  treePeak: number;
  samples: number;
}

type Message =
  | { kind: 'build-start' }
  | { kind: 'done'; site: BenchSite; peakKb: number; peakReset: boolean };

const SELF = fileURLToPath(import.meta.url);
const SAMPLE_MS = 500;

/** Resident set of `pid` and every process descending from it, in bytes (processes gone meanwhile count 0). */
async function treeRss(pid: number): Promise<number> {
  const children = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // The fields after the command name (which may hold spaces and parentheses): state, then the parent's pid.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!ppid) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  let total = 0;
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const status = await readFile(`/proc/${next}/status`, 'utf8').catch(() => '');
    total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    queue.push(...(children.get(next) ?? []));
  }
  return total;
}

/** Seeds and builds a site of `listings` listings in a child process; the site is then shared with the run. */
export function measuredBenchSite(listings: number): Promise<{ site: BenchSite; memory: BuildMemory }> {
  const result = (async () => {
    const workDir = await benchWorkDir(listings);
    // The child builds its pages with this process's tile fixture, which outlives it.
    await withTileFixture();
    const child = fork(SELF, ['--child', String(listings), workDir], { stdio: 'inherit' });
    let treePeak = 0;
    let samples = 0;
    let sampler: NodeJS.Timeout | null = null;
    const sample = async () => {
      treePeak = Math.max(treePeak, await treeRss(child.pid ?? 0));
      samples++;
    };
    try {
      return await new Promise<{ site: BenchSite; memory: BuildMemory }>((resolve, reject) => {
        child.on('message', (message: Message) => {
          if (message.kind === 'build-start') sampler = setInterval(() => void sample(), SAMPLE_MS);
          else
            resolve({
              site: message.site,
              memory: {
                processPeak: message.peakKb * 1024,
                peakReset: message.peakReset,
                treePeak,
                samples,
              },
            });
        });
        child.on('error', reject);
        child.on('exit', (code) => reject(new Error(`the build process exited with ${code}`)));
      });
    } finally {
      if (sampler) clearInterval(sampler);
      if (child.exitCode === null) child.kill();
    }
  })();
  shareBenchSite(
    listings,
    result.then((r) => r.site),
  );
  return result;
}

/** The child: seeds and builds, then reports the site and the build's peak memory to the parent. */
async function child(listings: number, workDir: string): Promise<void> {
  const send = (message: Message) =>
    new Promise<void>((resolve, reject) =>
      process.send?.(message, (error: Error | null) => (error ? reject(error) : resolve())),
    );
  let peakReset = false;
  const site = await buildBenchSiteIn(listings, workDir, {
    inheritTiles: true,
    beforeBuild: () => {
      try {
        writeFileSync('/proc/self/clear_refs', '5');
        peakReset = true;
      } catch {
        // An older or locked-down kernel: the peak then includes the seeding (reported as such).
      }
      void send({ kind: 'build-start' });
    },
  });
  const status = readFileSync('/proc/self/status', 'utf8');
  const peakKb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  await send({ kind: 'done', site, peakKb, peakReset });
  // The build leaves handles open (Astro's, the database's pool): the report is sent, the process is done.
  process.exit(0);
}

if (process.argv[1] === SELF && process.argv[2] === '--child') {
  child(Number(process.argv[3]), process.argv[4] ?? '').catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
