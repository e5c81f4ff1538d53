// One test stack in a process of its own, started by test/support/global-stack.ts (one per test
// worker). The stack keeps process-wide state (its handlers' environment, mail and event sinks),
// so two stacks cannot share a process. Sends `{ ready: TestStack }` over IPC once it answers,
// `{ failed: message }` if it cannot start, and stops when told 'stop' or when its parent is gone.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../../local/stack';
import { PROJECT_ROOT, settingsFromEnv } from '../../local/settings';
import type { TestStack } from './global-stack';
import { freePort } from './ports';

/** Free ports from the OS, so several test runs (and a running `npm start`) never collide. */

const TABLE_NAME = 'road-closures-test';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'road-closures-test-'));
// The built app, copied: a test that redeploys it (a new service worker) changes this stack's only.
const builtApp = path.join(PROJECT_ROOT, 'dist', 'web');
const webRoot = existsSync(builtApp) ? path.join(dataDir, 'web') : builtApp;
if (webRoot !== builtApp) cpSync(builtApp, webRoot, { recursive: true });

let stack: LocalStack | undefined;
let stopping: Promise<void> | undefined;

function stop(): Promise<void> {
  stopping ??= (async () => {
    await stack?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return stopping;
}

async function start(): Promise<TestStack> {
  // A free port can be taken by another process between asking and listening: try again.
  for (let attempt = 1; ; attempt++) {
    const ports = { web: await freePort(), cognito: await freePort(), cognitoInternal: await freePort(), dynamodb: await freePort(), s3: await freePort() };
    try {
      const before = { ...process.env };
      stack = await startLocalStack(settingsFromEnv({ dataDir, ports, schedules: false, quiet: true, tableName: TABLE_NAME, webRoot }));
      return {
        environment: Object.fromEntries(Object.entries(process.env).filter(([key, value]) => before[key] !== value)) as Record<string, string>,
        url: stack.url,
        apiKey: stack.apiKey,
        userPoolId: stack.userPool.userPoolId,
        userPoolClientId: stack.userPool.userPoolClientId,
        ports,
        dataDir,
        webRoot,
        tableName: TABLE_NAME,
        stripeUrl: stack.stripe.url,
      };
    } catch (error) {
      const inUse = /EADDRINUSE|already in use/.test(String((error as Error).message));
      if (!inUse || attempt >= 4) throw error;
    }
  }
}

process.on('message', (message) => {
  if (message === 'stop') void stop().then(() => process.exit(0));
});
// The test run ended without saying stop (killed, crashed): leave no Java or cognito-local behind.
process.on('disconnect', () => void stop().then(() => process.exit(0)));

start().then(
  (ready) => process.send!({ ready }),
  async (error: Error) => {
    process.send!({ failed: error.stack ?? error.message });
    await stop();
    process.exit(1);
  },
);
