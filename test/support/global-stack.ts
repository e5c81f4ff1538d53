// Starts one real local stack (DynamoDB Local, cognito-local, s3rver, local AppSync, the built
// web app) in a fresh temporary folder on test ports, for the integration and browser projects.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../local/stack';
import { settingsFromEnv } from '../../local/settings';

export const TEST_PORTS = { web: 3100, cognito: 9329, cognitoInternal: 9330, dynamodb: 8100, s3: 4669 };

let stack: LocalStack | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'road-closures-test-'));
  stack = await startLocalStack(
    settingsFromEnv({ dataDir, ports: TEST_PORTS, schedules: false, quiet: true, tableName: 'road-closures-test' }),
  );
  project.provide('stack', {
    url: stack.url,
    apiKey: stack.apiKey,
    userPoolId: stack.userPool.userPoolId,
    userPoolClientId: stack.userPool.userPoolClientId,
    ports: TEST_PORTS,
    dataDir,
    tableName: 'road-closures-test',
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
      ports: typeof TEST_PORTS;
      dataDir: string;
      tableName: string;
    };
  }
}
