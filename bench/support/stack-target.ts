// The local stack a stack section measures (load, public map, outbox): the running `npm start`
// when one answers at APP_URL (default http://127.0.0.1:$PORT, ports as for `npm start`), or else
// one of its own, started for the section on free ports with a throwaway data folder and stopped
// after it. Its own stack runs `local/start.ts` in a child process, as `npm start` does, so the
// stack's memory is its own process tree's and not the benchmark's.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT, settingsFromEnv, type LocalSettings } from '../../local/settings';
import { freePort } from '../../test/support/ports';
import type { SectionOutcome } from './report';

export interface StackTarget {
  url: string;
  settings: LocalSettings;
  /** Whether the section started this stack itself (a fresh one) or found one running. */
  own: boolean;
}

const READY_WITHIN_MS = 180_000;

/** Ready: `/health` answers and the app is past its start-up (config.json is served then). */
async function ready(url: string): Promise<boolean> {
  const health = await fetch(`${url}/health`).catch(() => null);
  if (!health?.ok) return false;
  const config = await fetch(`${url}/config.json`).catch(() => null);
  return Boolean(config?.ok);
}

export async function withStack(run: (stack: StackTarget) => Promise<SectionOutcome>): Promise<SectionOutcome> {
  const running = settingsFromEnv();
  const url = (process.env.APP_URL ?? `http://127.0.0.1:${running.ports.web}`).replace(/\/$/, '');
  if (await ready(url)) return run({ url, settings: running, own: false });
  if (!existsSync(path.join(PROJECT_ROOT, 'dist', 'web', 'index.html'))) {
    return { skipped: `no stack answers at ${url}, and none can be started here without a build: run npm run build:web (or start one with npm start)` };
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'road-closures-bench-stack-'));
  const ports = { web: await freePort(), cognito: await freePort(), cognitoInternal: await freePort(), dynamodb: await freePort(), s3: await freePort(), stripe: await freePort() };
  const env = {
    ...process.env,
    PORT: String(ports.web),
    COGNITO_PORT: String(ports.cognito),
    COGNITO_INTERNAL_PORT: String(ports.cognitoInternal),
    DYNAMODB_PORT: String(ports.dynamodb),
    S3_PORT: String(ports.s3),
    STRIPE_PORT: String(ports.stripe),
    LOCAL_DATA_DIR: dataDir,
  };
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => void output.push(chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stackUrl = `http://127.0.0.1:${ports.web}`;
  console.error(`  no stack answers at ${url}: starting one at ${stackUrl} (data in ${dataDir})`);
  try {
    const deadline = Date.now() + READY_WITHIN_MS;
    while (!(await ready(stackUrl))) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the bench's stack exited while starting:\n${output.join('').slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`the bench's stack was not ready within ${READY_WITHIN_MS / 1000} s:\n${output.join('').slice(-2000)}`);
      await sleep(500);
    }
    return await run({ url: stackUrl, settings: settingsFromEnv({ dataDir, ports }), own: true });
  } finally {
    // SIGTERM: local/start.ts stops every child (DynamoDB Local, cognito-local) before it exits.
    const running = () => child.exitCode === null && child.signalCode === null;
    if (running()) child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
    if (running()) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
