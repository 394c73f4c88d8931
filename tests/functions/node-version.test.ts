import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../scripts/node-version.mjs';

const run = promisify(execFile);

describe('the Node.js check that starts every npm script', () => {
  it('names the version needed, in one line, when the Node on the PATH is older', () => {
    for (const found of ['20.20.2', '22.11.9', 'v18.0.0']) {
      const problem = nodeVersionProblem(found, '>=22.12.0');
      expect(problem).toBe(
        `This project needs Node.js >=22.12.0 (found ${found} at ${process.execPath}): install it (see .nvmrc) and run the command again.`,
      );
    }
  });

  it('lets any version from the engines range on', () => {
    for (const found of ['22.12.0', '22.23.3', '23.0.0', '24.1.0', '30.0.0'])
      expect(nodeVersionProblem(found, '>=22.12.0')).toBeUndefined();
  });

  it('prints nothing and succeeds with this Node', async () => {
    const { stdout, stderr } = await run(process.execPath, ['scripts/node-version.mjs']);
    expect([stdout, stderr]).toEqual(['', '']);
  });
});
