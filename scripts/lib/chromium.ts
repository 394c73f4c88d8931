import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';

/**
 * The flags that work on these machines: no sandbox as root, and nothing that reaches for the network by itself
 * (background networking, component updates, sync, QUIC). The same for every Chromium below.
 */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The system browser to drive, or undefined for the one inside the @sparticuz/chromium package: CHROME_PATH when set,
 * else Debian's when installed. CHROMIUM_FROM_NPM=1 ignores both, so a machine that has a system browser can still
 * prove that one without works (.ci/run does).
 */
export function systemChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (env.CHROMIUM_FROM_NPM === '1') return undefined;
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return exists(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

const run = promisify(execFile);

/** A Chromium executable and what its environment needs on top of ours. */
export interface ChromiumBinary {
  executablePath: string;
  env: Record<string, string>;
}

/**
 * The system's fonts, plus the Open Sans the package ships: without any font Chromium lays text out zero-wide and
 * nothing reads as visible. Where the system has fonts (this base image: DejaVu) pages render exactly as in Debian's
 * Chromium, since the system configuration still chooses sans-serif and friends.
 */
const fontsConf = (dir: string) => `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${dir}/fonts/fonts</dir>
  <cachedir>${dir}/fonts/cache</cachedir>
</fontconfig>
`;

/**
 * Unpacks the package's Chromium (brotli archives shipped in the npm tarball: a 200 MB binary, fonts, SwiftShader)
 * once per package version into node_modules/.cache, which `npm ci` empties. The package itself unpacks into
 * os.tmpdir() and trusts whatever is there; a child process whose TMPDIR is a private staging folder, renamed into
 * place when complete, means a concurrent run never starts a half-written binary and an upgrade never a stale one.
 */
async function unpackNpmChromium(): Promise<ChromiumBinary> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      'No Chromium: @sparticuz/chromium ships a Linux x64 binary only; set CHROME_PATH to a Chromium or Chrome',
    );
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = join(packageDir, '..', '..', '.cache', `sparticuz-chromium-${version}`);
  const binary = { executablePath: join(dir, 'chromium'), env: { FONTCONFIG_FILE: join(dir, 'fonts.conf') } };
  if (existsSync(binary.env.FONTCONFIG_FILE)) return binary;
  const staging = `${dir}.${process.pid}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const script = `const { default: c } = await import(${JSON.stringify(pathToFileURL(entry).href)}); await c.executablePath();`;
    await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: staging },
    });
    // Written last: its presence says the folder is complete.
    await writeFile(join(staging, 'fonts.conf'), fontsConf(dir));
    await rename(staging, dir).catch((error: unknown) => {
      if (!existsSync(binary.env.FONTCONFIG_FILE)) throw error; // else another run finished first: use its copy
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binary;
}

let npmChromium: Promise<ChromiumBinary> | undefined;

/** The Chromium the browser tests and the bench drive (playwright-core and Lighthouse alike). */
export function resolveChromium(): Promise<ChromiumBinary> {
  const system = systemChromium();
  if (system) return Promise.resolve({ executablePath: system, env: {} });
  npmChromium ??= unpackNpmChromium().catch((error: unknown) => {
    npmChromium = undefined;
    throw error;
  });
  return npmChromium;
}

/** Chromium driven by playwright-core, as the browser tests and the bench use it. */
export async function launchChromium(): Promise<Browser> {
  const { executablePath, env } = await resolveChromium();
  return chromium.launch({ executablePath, args: CHROME_FLAGS, env: { ...process.env, ...env } });
}
