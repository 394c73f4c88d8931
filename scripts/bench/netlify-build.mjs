// @ts-check
/**
 * `npm run build`'s Astro build in a process of its own, as Netlify runs it: plain Node (no TypeScript loader), the
 * Netlify adapter loaded as the configuration says, into `outDir` with the cache folder `cacheDir` (the project's
 * configuration names .cache/astro; the bench's sites keep theirs apart). Started by scripts/bench/rebuild.ts.
 */
import { build } from 'astro';

const [outDir, cacheDir] = process.argv.slice(2);
if (!outDir || !cacheDir) throw new Error('usage: node netlify-build.mjs <outDir> <cacheDir>');
await build({ root: new URL('../../', import.meta.url).pathname, outDir, cacheDir, logLevel: 'warn' });
// As `astro build` does: the embedded database's worker and the like keep no build waiting once the site is written.
process.exit(0);
