import { defineConfig } from 'vitest/config';

// Web unit tests are pure functions (guards, access flags): node is enough, no DOM needed.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/__tests__/*.test.ts'],
    environment: 'node',
  },
});
