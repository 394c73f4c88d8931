import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The Nu HTML Checker shipped inside the vnu-jar package (run with the machine's Java 17; nothing is downloaded). */
const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

/**
 * The Nu HTML Checker's errors for each document, as "path:line message" lines (warnings are left out). One Java
 * start for all of them: it checks files, so each document is written to a temporary folder first.
 */
export async function htmlErrors(documents: Array<{ path: string; html: string }>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const files = await Promise.all(
      documents.map(async (doc, i) => {
        const file = join(dir, `${i}.html`);
        await writeFile(file, doc.html);
        return { file, path: doc.path };
      }),
    );
    const { stdout, stderr } = await run(
      'java',
      [
        '-jar',
        VNU_JAR,
        '--errors-only',
        '--format',
        'json',
        '--exit-zero-always',
        ...files.map((f) => f.file),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout || stderr) as { messages: VnuMessage[] };
    const pathOf = (url: string) =>
      files.find((f) => url.endsWith(`/${f.file.split('/').pop()}`))?.path ?? url;
    return messages
      .filter((m) => m.type === 'error')
      .map((m) => `${pathOf(m.url)}:${m.lastLine ?? '?'} ${m.message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
