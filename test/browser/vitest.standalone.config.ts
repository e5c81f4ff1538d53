import { defineConfig } from 'vitest/config';

// Runs the browser tests against an app that is already running (APP_URL, default
// http://127.0.0.1:3000) without starting a test stack: `npx vitest run --config test/browser/vitest.standalone.config.ts`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
