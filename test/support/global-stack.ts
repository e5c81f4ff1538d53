// Starts real local stacks (DynamoDB Local, cognito-local, s3rver, local AppSync, the built web
// app) for the integration and browser projects: one per test worker, each in its own process
// (test/support/stack-process.ts), temporary folder and free ports. A worker runs its files one
// after another against its own stack (test/support/worker-stack.ts), so no two files ever run
// against the same table, inboxes or built app at once and counts stay predictable.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

type Ports = { web: number; cognito: number; cognitoInternal: number; dynamodb: number; s3: number };

export interface TestStack {
  url: string;
  apiKey: string;
  userPoolId: string;
  userPoolClientId: string;
  ports: Ports;
  dataDir: string;
  /** The built app this stack serves (its own copy of dist/web). */
  webRoot: string;
  tableName: string;
  /** The Stripe emulator (SDK host/port, hosted pages, /_emulator test controls). */
  stripeUrl: string;
  /**
   * What the stack set in its process's environment for its handlers (table, endpoints, keys).
   * Test workers run handlers too, with this environment: worker-stack.ts sets it.
   */
  environment: Record<string, string>;
}

type Started = { child: ChildProcess; stack: TestStack };

function startStackProcess(): Promise<Started> {
  const child = fork(path.join(import.meta.dirname, 'stack-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // Handlers log through Powertools; the run's output is the tests', not the stack's logs.
    env: { ...process.env, POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The test stack's process ended (exit ${code}) before it was ready.`)));
    child.once('message', (message: { ready?: TestStack; failed?: string }) => {
      if (message.ready) resolve({ child, stack: message.ready });
      else reject(new Error(`The test stack did not start: ${message.failed}`));
    });
  });
}

function stopStackProcess({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

/** How many stacks the run can use: one per worker, but no more than there are files to run. */
async function stacksWanted(project: TestProject): Promise<number> {
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  // The files this run selects (`vitest run --project browser map` runs one: one stack will do).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(workers, testFiles.length));
}

export default async function setup(project: TestProject) {
  const starting = Array.from({ length: await stacksWanted(project) }, () => startStackProcess());
  const settled = await Promise.allSettled(starting);
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const teardown = async () => {
    await Promise.all(started.map(stopStackProcess));
  };
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) {
    await teardown();
    throw failure.reason;
  }
  const stacks = started.map((s) => s.stack);
  project.provide('stacks', stacks);
  // The first stack until worker-stack.ts points a worker at its own (and for a run of one worker).
  project.provide('stack', { ...stacks[0] });
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stack this test file runs against (its worker's; see worker-stack.ts). */
    stack: TestStack;
    /** Every stack of the run, one per worker, in worker order. */
    stacks: TestStack[];
  }
}
