/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files start first, whatever vitest knows of past runs (a fresh checkout knows
 * nothing and would order by file size): the other worker meanwhile takes the short ones.
 */
const LONGEST_FIRST = ['tests/e2e/menu-walk.test.ts', 'tests/e2e/schema-language.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Browser tests: the built console and the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time. Files share no state (each has its own server, port, temp data
    // directory and Chromium) and two at a time halve the run, but on two cores two Chromiums and
    // two servers made timing-bound steps miss (a toast within 10 s, a menu click's navigation)
    // in one of two full runs: set BROWSER_TEST_WORKERS=2 to run them side by side.
    maxWorkers: Math.min(Number(process.env.BROWSER_TEST_WORKERS ?? 1), availableParallelism()),
    sequence: { sequencer: LongestFirst },
    // expect.poll's default second is one animation frame too few on a busy machine (a modal's
    // leave motion, a tab's remount): a poll still has to come true, it only may take longer
    expect: { poll: { timeout: 10_000 } },
  },
});
