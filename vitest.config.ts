import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One config, six projects, run by scripts/test.mjs in this order (unit with unit-isolated,
// unit-local-time, cdk, integration, browser). Integration and browser tests run on real local
// stacks started once per run by test/support/global-stack.ts: one per worker, so files run side
// by side and never share a table, an inbox or the built app.
// Integration files run two at a time (TEST_WORKERS, 2 by default: 353 s against 452 s with one
// on a clean clone); browser files one at a time (BROWSER_WORKERS, 1 by default: two Chromiums
// drawing maps in software on 2 cores were no faster than one and timed out).
const LOCAL_TIME_TESTS = 'web/src/features/closures/__tests__/format.test.ts';

/**
 * Unit test files that replace modules or globals for themselves (vi.mock, vi.doMock, stubbed
 * globals or environment, fake timers). The other unit files share their worker's modules; these
 * run in the project unit-isolated, each with modules of its own, as a mock only takes on modules
 * imported after it. Found by their text, so a new file that mocks goes there by itself.
 */
function unitFilesThatReplaceModules(): string[] {
  const replaces = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name) && file !== LOCAL_TIME_TESTS && replaces.test(readFileSync(file, 'utf8'))) found.push(file.split(path.sep).join('/'));
    }
  };
  walk('test/unit');
  walk('web/src');
  return found.sort();
}
const UNIT_ISOLATED = unitFilesThatReplaceModules();
const STACK_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 2) || 1);
const BROWSER_WORKERS = Math.max(1, Number(process.env.BROWSER_WORKERS ?? 1) || 1);

export default defineConfig({
  test: {
    // Handlers log through Powertools; tests assert on behaviour, not on log lines.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'web/src/**/__tests__/*.test.ts'],
          exclude: [LOCAL_TIME_TESTS, ...UNIT_ISOLATED],
          environment: 'node',
          // Worker threads start faster than processes: 89 s against 157 s for the project (load 5.5).
          pool: 'threads',
          // A worker's files share its modules: each file imported them again in a fresh context,
          // about 0.8 s a file, 60 s for the project where its tests take 15 (22 s with this).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The unit files that mock modules or globals (above): modules of their own each.
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          // Tests that pin the time zone (process.env.TZ): a worker thread cannot change it for
          // itself, so these keep a process of their own.
          name: 'unit-local-time',
          include: [LOCAL_TIME_TESTS],
          environment: 'node',
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'cdk',
          include: ['test/cdk/**/*.test.ts'],
          // One process for every file, so a stage synthesized once serves them all (test/cdk/synth.ts).
          isolate: false,
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          // The files share their worker's modules (isolate: false): the packages load once a
          // worker (imports 183 s -> 23 s summed over the files); fresh-modules.ts gives each file
          // the worker's first environment and the project's own modules evaluated afresh.
          isolate: false,
          setupFiles: ['test/support/fresh-modules.ts', 'test/support/worker-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One stack, one table per worker: a worker's files run one after another on its own
          // stack, so counts stay predictable.
          maxWorkers: STACK_WORKERS,
          // Own group: run together with another project, each keeps its own number of workers.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          // The stacks, and one Chromium every file connects to (test/browser/support/global-browser.ts).
          globalSetup: ['test/support/global-stack.ts', 'test/browser/support/global-browser.ts'],
          setupFiles: ['test/support/worker-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's change can take seconds on a busy 2-core machine: expect.poll waits up to
          // 15 s (its default is 1 s), and asserts the same thing.
          expect: { poll: { timeout: 15_000 } },
          // A stack per worker as for integration; one worker by default (above).
          maxWorkers: BROWSER_WORKERS,
          // A worker's files share one module graph (Playwright, the support code): each file
          // imported them again in a fresh process, 2.4 s a file (import 102 s of a 1,549 s run at
          // load 5 to 10; 3 s of a 1,084 s run with this). The files share nothing else: each opens
          // its own contexts and closes them.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
