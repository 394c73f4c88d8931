// @ts-check
/**
 * One cold build in a process of its own, as `npm run build` runs one: plain Node (no TypeScript loader), the
 * project at `root` into `outDir` with the cache folder `cacheDir`. Its log (Astro's, at level info) goes to stdout,
 * where scripts/bench/cold-builds.ts reads the page generation phase's duration; the last line is this process's CPU
 * time (user + system, its threads included), in milliseconds.
 */
import { build } from 'astro';

const [root, outDir, cacheDir] = process.argv.slice(2);
if (!root || !outDir || !cacheDir) throw new Error('usage: node cold-build.mjs <root> <outDir> <cacheDir>');
await build({ root, outDir, cacheDir, logLevel: 'info' });
const cpu = process.cpuUsage();
process.stdout.write(`\ncpu-ms ${(cpu.user + cpu.system) / 1000}\n`);
// As `astro build` does: the embedded database's worker and the like keep no build waiting once the site is written.
process.exit(0);
