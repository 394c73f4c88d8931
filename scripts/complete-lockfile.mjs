// Records every platform's optional native package in package-lock.json.
//
// npm writes lock entries only for platform packages its registry can resolve. Where a registry mirror lags
// behind npmjs.org for other platforms' binaries (macOS, Windows, Android...), those entries are left out and
// `npm ci` then refuses the lock as out of sync, even on Linux where it would skip them. This adds the missing
// entries (name, version, os/cpu/libc, optional) so `npm ci` works everywhere; npm fetches them from the
// registry on the platform that needs them. Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const REGISTRY = 'https://registry.npmjs.org/';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

async function packument(name) {
  const response = await fetch(REGISTRY + name.replace('/', '%2f'));
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${name}: registry answered ${response.status}`);
  return response.json();
}

const OSES = [
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
];
const CPUS = ['arm64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'x64', 'wasm32'];

/** The platform a binary package is for, read from its name when the registry does not know it at all. */
function platformFromName(name) {
  const words = name.split('/').pop().split('-');
  const os = OSES.find((word) => words.includes(word));
  const cpu = CPUS.find((word) => words.includes(word));
  const libc = words.some((word) => word.startsWith('musl'))
    ? 'musl'
    : words.includes('gnu')
      ? 'glibc'
      : undefined;
  return {
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(libc && os === 'linux' ? { libc: [libc] } : {}),
    ...(os ? { os: [os] } : {}),
  };
}

/** Where node would find `name` from the package at `from` (its own node_modules, then each ancestor's). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name) || !/^\d+\.\d+\.\d+$/.test(version)) continue;
    const doc = await packument(name);
    const known = doc ? (doc.versions[version] ?? doc.versions[doc['dist-tags'].latest]) : undefined;
    const platform = known
      ? Object.fromEntries(['cpu', 'libc', 'os'].filter((key) => known[key]).map((key) => [key, known[key]]))
      : platformFromName(name);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      ...(known?.license ? { license: known.license } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform package entr${added === 1 ? 'y' : 'ies'}`);
