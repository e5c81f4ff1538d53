// Notification fan-out benchmark (issue 6): one closure event to 10,000 LGA subscribers on a real
// local stack (DynamoDB Local, in-process event sink, the real in-app consumer lambdas/events/notify.ts),
// timed from publishEvent until every notification is stored.
//   npx tsx bench/fanout.ts
// Subscribers are written straight to the table with BatchWrite (ElectroDB's batch put, 25 items a
// request, 4 requests in flight) rather than through subscribeToLga: that resolver is one transaction per user with
// counter updates, which would make seeding the slow part and tells nothing about fan-out. The
// LGA subscriber counter is therefore not bumped; the consumer never reads it.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path, { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { db } from '../lambdas/adapters/db/db';
import { publishEvent } from '../lambdas/adapters/events';
import { settingsFromEnv } from '../local/settings';
import { startLocalStack } from '../local/stack';

const SUBSCRIBERS = Number(process.env.BENCH_FANOUT_SUBSCRIBERS ?? 10_000);
/** The demo LGA: a fresh stack seeds demo closures there, so the event has a real closure. */
const LGA = '12900';
const TIMEOUT_MS = 10 * 60_000;
/** Each count is a full-table Scan: polled sparingly so it does not slow the writes it measures. */
const POLL_MS = 1_000;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** Notifications of this event: one Scan (COUNT, filtered by eventId) over the whole table. */
async function countNotifications(eventId: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: tableName(),
        Select: 'COUNT',
        FilterExpression: '#e = :e AND eventId = :id',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':e': 'notification', ':id': eventId },
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

export async function benchFanout(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'road-closures-bench-fanout-'));
  const ports = { web: await freePort(), cognito: await freePort(), cognitoInternal: await freePort(), dynamodb: await freePort(), s3: await freePort() };
  const stack = await startLocalStack(settingsFromEnv({ dataDir, ports, schedules: false, quiet: true, tableName: 'road-closures-bench' }));
  try {
    const { data: closures } = await db().entities.closure.scan.go({ pages: 'all' });
    const closure = closures.find((c) => c.lgaCode === LGA);
    if (!closure) throw new Error(`no seeded closure in LGA ${LGA}`);

    const seedStarted = performance.now();
    const uids = Array.from({ length: SUBSCRIBERS }, (_, i) => `bench-fanout-${String(i).padStart(5, '0')}`);
    const { unprocessed } = await db().entities.lgaSubscription.put(uids.map((uid) => ({ uid, lgaCode: LGA }))).go({ concurrency: 4 });
    if (unprocessed.length) throw new Error(`${unprocessed.length} subscriptions were not written`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.error(`  seeded ${SUBSCRIBERS} subscriptions in ${seedSeconds.toFixed(1)} s; publishing`);

    const started = performance.now();
    // The way a resolver announces a change: the local sink hands it to notify.ts (and push.ts).
    const event = await publishEvent('closure.changed', { closureId: closure.id, lgaCode: LGA }, 'bench-actor');
    let written = 0;
    let polls = 0;
    while (written < SUBSCRIBERS) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`timed out with ${written}/${SUBSCRIBERS} notifications`);
      await new Promise((r) => setTimeout(r, POLL_MS));
      written = await countNotifications(event.id);
      polls++;
      if (polls % 15 === 0) console.error(`  … ${written}/${SUBSCRIBERS} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const seconds = (performance.now() - started) / 1000;
    return [
      `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), DynamoDB Local on disk`,
      `  seeded ${SUBSCRIBERS} LGA subscriptions (BatchWrite) in ${seedSeconds.toFixed(1)} s`,
      `  one closure.changed event → ${written} in-app notifications in ${seconds.toFixed(2)} s ` +
        `(${Math.round(written / seconds)} notifications/s; ${polls} count scans included, every ${POLL_MS} ms)`,
    ].join('\n');
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchFanout().then(
    (table) => console.log(table),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
