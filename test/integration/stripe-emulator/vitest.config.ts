import { defineConfig } from 'vitest/config';

// The Stripe emulator's tests start their own emulator and webhook receiver and need none of the
// local stack, so they can also run alone, fast:
// `npx vitest run --config test/integration/stripe-emulator/vitest.config.ts`.
export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['test/integration/stripe-emulator/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
