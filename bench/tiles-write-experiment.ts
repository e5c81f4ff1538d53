// Experiment behind the map-tile decision, write side (not part of `npm run bench`): what one
// closure's entry write costs in a tile item of 1, 30 and 330 entries of about 1 kB on an
// in-memory DynamoDB Local (SET #c.#id with a version condition), and three rules a tile writer
// must live with: an older version is refused, a nested SET needs the map to exist, and an item
// refuses to grow past 400 kB.
//   npx tsx bench/tiles-write-experiment.ts
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { ensureTable } from '../local/dynamodb';
import { startMemoryDynamoDb } from '../bench/support/dynamodb-memory';

const record = 'x'.repeat(1000);
async function main() {
  const d = await startMemoryDynamoDb();
  process.env.TABLE_NAME = 'tile-write';
  process.env.DYNAMODB_ENDPOINT = d.endpoint;
  try {
    await ensureTable(d.port, 'tile-write');
    for (const n of [1, 30, 330, 330, 1]) {
      const c = Object.fromEntries(Array.from({ length: n }, (_, i) => [`id-${i}`, { v: 1, b: '1,2,3,4', r: record }]));
      await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { pk: `T${n}`, sk: 'T', c } }));
      const times: number[] = [];
      let failed = 0;
      for (let i = 0; i < 60; i++) {
        const s = performance.now();
        try {
          await dynamoClient().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: { pk: `T${n}`, sk: 'T' },
              UpdateExpression: 'SET #c.#id = :e',
              ConditionExpression: 'attribute_not_exists(#c.#id) OR #c.#id.#v < :v',
              ExpressionAttributeNames: { '#c': 'c', '#id': `id-${i % 3}`, '#v': 'v' },
              ExpressionAttributeValues: { ':e': { v: i + 2, b: '1,2,3,4', r: record }, ':v': i + 2 },
            }),
          );
        } catch {
          failed++;
        }
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      console.log(`tile of ${n} entries (~${n} kB): entry write p50 ${times[30].toFixed(1)} ms, failed ${failed}`);
    }
    // An older version must not win:
    try {
      await dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: { pk: 'T1', sk: 'T' }, UpdateExpression: 'SET #c.#id = :e', ConditionExpression: 'attribute_not_exists(#c.#id) OR #c.#id.#v < :v', ExpressionAttributeNames: { '#c': 'c', '#id': 'id-0', '#v': 'v' }, ExpressionAttributeValues: { ':e': { v: 3, b: '', r: '' }, ':v': 3 } }));
      console.log('older write WON (bad)');
    } catch (e) {
      console.log(`older write refused: ${(e as Error).name}`);
    }
    // SET on a nested path of a missing map:
    try {
      await dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: { pk: 'NEW', sk: 'T' }, UpdateExpression: 'SET #c.#id = :e', ExpressionAttributeNames: { '#c': 'c', '#id': 'a' }, ExpressionAttributeValues: { ':e': 1 } }));
      console.log('nested SET on a missing item worked');
    } catch (e) {
      console.log(`nested SET on a missing item: ${(e as Error).name}: ${(e as Error).message}`);
    }
    // Growing past 400 kB:
    try {
      const c = Object.fromEntries(Array.from({ length: 395 }, (_, i) => [`id-${i}`, { v: 1, b: '1,2,3,4', r: record }]));
      await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { pk: 'BIG', sk: 'T', c } }));
      for (let i = 395; i < 420; i++) await dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: { pk: 'BIG', sk: 'T' }, UpdateExpression: 'SET #c.#id = :e', ExpressionAttributeNames: { '#c': 'c', '#id': `id-${i}` }, ExpressionAttributeValues: { ':e': { v: 1, b: '1,2,3,4', r: record } } }));
      console.log('grew past 400 kB without an error (bad)');
    } catch (e) {
      console.log(`growing past 400 kB: ${(e as Error).name}: ${(e as Error).message}`);
    }
  } finally {
    await d.stop();
  }
}
main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
