// Keeps Astro's cache folder from one Netlify build to the next, through Netlify's build cache. That folder holds the
// listings snapshot with its sync horizon (listings-snapshot.json) and the previous build's site with the key of each
// page (partial-build/; docs/incremental-build.md): without it each build is a full read of the database and a full
// render (D5). "Clear cache and
// deploy" in Netlify's UI empties the build cache, and the next build starts over.
// It also keeps Node's module compile cache (V8 code for each module of Astro, Vite and the adapter, keyed by the
// module's content and Node's version, so a changed module is compiled afresh): about 2 s less of every build
// (docs/performance.md, "Sections and budgets"). It depends on no database and is never dropped.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Which database the snapshot came from (a digest: the URL may hold a password). A snapshot of another database
// (a deploy context whose variables name another one) must never be carried on: the sync would only add that
// database's recent changes to it.
const SOURCE_FILE = 'netlify-build-source';
const source = () =>
  createHash('sha256')
    .update(process.env.DATABASE_URL || '')
    .digest('hex');

export const onPreBuild = async ({ inputs, utils }) => {
  if (await utils.cache.restore(inputs.compileCache)) {
    console.log(`Build cache: restored ${inputs.compileCache}`);
  }
  const dir = inputs.path;
  if (!(await utils.cache.restore(dir))) {
    console.log(`Build cache: nothing kept for ${dir} yet, this build reads and renders everything`);
    return;
  }
  const from = await readFile(join(dir, SOURCE_FILE), 'utf8').catch(() => null);
  if (from !== source()) {
    await rm(dir, { recursive: true, force: true });
    console.log(
      `Build cache: ${dir} came from another database, dropped; this build reads and renders everything`,
    );
    return;
  }
  console.log(`Build cache: restored ${dir} (listings snapshot and rendered pages of the previous build)`);
};

// After the build command succeeded (a failed build keeps the previous cache).
export const onPostBuild = async ({ inputs, utils }) => {
  if (existsSync(inputs.compileCache) && (await utils.cache.save(inputs.compileCache))) {
    console.log(`Build cache: saved ${inputs.compileCache} for the next build`);
  }
  const dir = inputs.path;
  if (!existsSync(dir)) {
    console.log(`Build cache: ${dir} does not exist, nothing to keep`);
    return;
  }
  await writeFile(join(dir, SOURCE_FILE), source());
  await utils.cache.save(dir);
  console.log(`Build cache: saved ${dir} for the next build`);
};
