// Starts one real local stack (DynamoDB Local, cognito-local, s3rver, local AppSync, the built
// web app) in a fresh temporary folder on test ports, for the integration and browser projects.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../local/stack';
import { settingsFromEnv } from '../../local/settings';

type Ports = { web: number; cognito: number; cognitoInternal: number; dynamodb: number; s3: number };

/** Free ports from the OS, so several test runs (and a running `npm start`) never collide. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let stack: LocalStack | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'road-closures-test-'));
  // A free port can be taken by another process between asking and listening: try again.
  let ports: Ports | undefined;
  for (let attempt = 1; !stack; attempt++) {
    ports = {
      web: await freePort(),
      cognito: await freePort(),
      cognitoInternal: await freePort(),
      dynamodb: await freePort(),
      s3: await freePort(),
    };
    try {
      stack = await startLocalStack(settingsFromEnv({ dataDir, ports, schedules: false, quiet: true, tableName: 'road-closures-test' }));
    } catch (error) {
      const inUse = /EADDRINUSE|already in use/.test(String((error as Error).message));
      if (!inUse || attempt >= 4) throw error;
    }
  }
  project.provide('stack', {
    url: stack.url,
    apiKey: stack.apiKey,
    userPoolId: stack.userPool.userPoolId,
    userPoolClientId: stack.userPool.userPoolClientId,
    ports: ports!,
    dataDir,
    tableName: 'road-closures-test',
    stripeUrl: stack.stripe.url,
  });
  return async () => {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      apiKey: string;
      userPoolId: string;
      userPoolClientId: string;
      ports: Ports;
      dataDir: string;
      tableName: string;
      /** The Stripe emulator (SDK host/port, hosted pages, /_emulator test controls). */
      stripeUrl: string;
    };
  }
}
