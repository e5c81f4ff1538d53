// Set-up file of the integration and browser projects: points this test file at its worker's own
// stack (global-stack.ts starts one per worker). Vitest numbers its workers 1..maxWorkers in
// VITEST_POOL_ID, and a worker runs one file at a time, so a stack never serves two files at once.
// Every helper reads inject('stack'), so that is what is set, before the test file is imported.
// The worker also takes the stack's handler environment (TABLE_NAME, endpoints, keys): tests call
// handlers and the data layer directly, as they did when the one stack ran in Vitest's own
// process and every worker inherited what it had set there.
import { inject } from 'vitest';

const stacks = inject('stacks');
if (stacks?.length) {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const own = stacks[worker - 1];
  if (!own) throw new Error(`Worker ${worker} has no test stack: global-stack.ts started ${stacks.length}.`);
  Object.assign(inject('stack'), own);
  Object.assign(process.env, own.environment);
}
