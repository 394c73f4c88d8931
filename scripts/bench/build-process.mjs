// @ts-check
/**
 * One Astro build in a Node process of its own, as `npm run build` runs one on Netlify: plain Node (no TypeScript
 * loader), the project at `root` into `outDir` with the cache folder `cacheDir` (the project's configuration names
 * .cache/astro; the bench's sites keep theirs apart). The configuration decides the rest: the Netlify adapter
 * unless LOCAL_SITE_BUILD is set. Started by scripts/bench/rebuild.ts (`npm run build` after a change) and
 * scripts/bench/cold-builds.ts (cold builds, which read the page generation phase's duration from Astro's log at
 * level info). The last line on stdout is this process's CPU time (user + system, its threads included), in ms.
 */
import { build } from 'astro';

const [root, outDir, cacheDir, logLevel = 'warn'] = process.argv.slice(2);
if (!root || !outDir || !cacheDir || (logLevel !== 'warn' && logLevel !== 'info'))
  throw new Error('usage: node build-process.mjs <root> <outDir> <cacheDir> [warn|info]');
await build({ root, outDir, cacheDir, logLevel });
const cpu = process.cpuUsage();
process.stdout.write(`\ncpu-ms ${(cpu.user + cpu.system) / 1000}\n`);
// As `astro build` does: the embedded database's worker and the like keep no build waiting once the site is written.
process.exit(0);
