import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import SummaryReporter from '../summary-reporter';
import { backends } from './backends';

const UNREACHABLE = 'postgres://postgres:secret@127.0.0.1:1/x';
const REASON =
  'no PostgreSQL server at postgres://postgres:***@127.0.0.1:1/x (connect ECONNREFUSED 127.0.0.1:1); start one or set TEST_DATABASE_URL';

describe('database tests without a PostgreSQL server', () => {
  it('still list the server, with the reason it cannot run and without its password', async () => {
    const list = await backends(UNREACHABLE, false);
    expect(list.map((b) => [b.name, b.unavailable])).toEqual([
      ['PGlite', undefined],
      ['PostgreSQL server', REASON],
    ]);
  });

  it('are an error when REQUIRE_POSTGRES=1 asks for a server', async () => {
    await expect(backends(UNREACHABLE, true)).rejects.toThrow(`REQUIRE_POSTGRES=1 but ${REASON}`);
  });

  it('count as skipped in the summary line, with the reason printed once above it', async () => {
    const printed: string[] = [];
    const vitest = await createVitest(
      'test',
      {
        config: false,
        include: ['tests/db/unreachable-server.fixture.ts'],
        reporters: [new SummaryReporter({ print: (text) => printed.push(text) })],
        watch: false,
      },
      {},
    );
    try {
      await vitest.start();
    } finally {
      await vitest.close();
    }
    expect(printed).toEqual([`\n2 skipped: ${REASON}\n2 passed, 0 failed, 2 skipped`]);
  });
});
