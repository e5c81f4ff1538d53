// Set-up file of the integration project, run before worker-stack.ts for every test file. The
// project's files share their worker's module graph (isolate: false in vitest.config.ts), so the
// packages (the AWS SDK, ElectroDB, Vitest's own) load once a worker instead of once a file. What
// a file must still get fresh, it gets here:
// - the environment as the worker's first file found it: files set TABLE_NAME, buckets and keys
//   for the handlers they call, and a handler made in the next file must not read them;
// - the project's own modules, evaluated again for the file (vi.resetModules): they make their
//   clients once, from the environment of the moment (db(), S3, the event sink).
import { vi } from 'vitest';

type Snapshot = Record<string, string | undefined>;
const holder = globalThis as typeof globalThis & { __workerEnvironment?: Snapshot };

if (holder.__workerEnvironment === undefined) {
  holder.__workerEnvironment = { ...process.env };
} else {
  const first = holder.__workerEnvironment;
  for (const name of Object.keys(process.env)) if (!(name in first)) delete process.env[name];
  Object.assign(process.env, first);
  vi.resetModules();
}
