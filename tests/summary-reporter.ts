import type { Reporter, TestCase, TestModule } from 'vitest/node';

declare module 'vitest' {
  interface TaskMeta {
    /** Why a suite declared skipped cannot run here (tests/db/backends.ts); its tests inherit it. */
    skipReason?: string;
  }
}

/** Why a skipped test did not run: a suite's declared reason or the note of ctx.skip(note), when there is one. */
const skipReason = (test: TestCase): string | undefined => {
  const result = test.result();
  return test.meta().skipReason ?? (result.state === 'skipped' ? result.note : undefined);
};

/**
 * Ends the run with one plain 'N passed, N failed, N skipped' line, which CI reads for any runner; skipped tests
 * with a reason are counted there too, and each reason is printed once just above it.
 */
export default class SummaryReporter implements Reporter {
  private readonly print: (text: string) => void;

  /** Vitest passes the reporter's options object; `print` lets a test read what would be printed. */
  constructor(options: { print?: (text: string) => void } = {}) {
    this.print = options.print ?? console.log;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const reasons = new Map<string, number>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else {
          counts.skipped += 1;
          const reason = skipReason(test);
          if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
    }
    const lines = [...reasons].map(([reason, n]) => `${n} skipped: ${reason}`);
    lines.push(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    this.print(`\n${lines.join('\n')}`);
  }
}
