import { defineConfig } from 'vitest/config';

// One config, four projects, run by scripts/test.mjs in this order. Integration and browser
// tests share a real local stack started once per run by test/support/global-stack.ts.
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
          environment: 'node',
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
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One stack, one table: files run one after another so counts stay predictable.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
