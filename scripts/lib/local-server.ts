import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { currentConfig } from '../../src/config';

/** How a staff command reaches the running local server (which owns the embedded database: one process only). */
export interface LocalServerInfo {
  url: string;
  token: string;
  pid: number;
}

const file = () => join(currentConfig().localStateDir, 'server.json');

/** A random token for this run of the local server, unless STAFF_TOKEN is configured. */
export function localStaffToken(configured: string | null): string {
  return configured ?? randomBytes(32).toString('base64url');
}

/** Written by `npm start` once it serves; readable by the owner only, since it holds the token. */
export async function writeServerInfo(info: LocalServerInfo): Promise<() => Promise<void>> {
  await mkdir(currentConfig().localStateDir, { recursive: true, mode: 0o700 });
  await writeFile(file(), `${JSON.stringify(info)}\n`, { mode: 0o600 });
  return () => rm(file(), { force: true });
}

/** The running local server, or null when none runs (no file, or its process is gone). */
export async function readServerInfo(): Promise<LocalServerInfo | null> {
  try {
    const info = JSON.parse(await readFile(file(), 'utf8')) as LocalServerInfo;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
