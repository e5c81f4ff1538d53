import { defineConfig } from 'vitest/config';

// The emulator's tests start their own throwaway servers and need none of the local stack, so
// they can also run alone, fast: `npx vitest run --config test/integration/appsync/vitest.config.ts`.
export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['test/integration/appsync/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
