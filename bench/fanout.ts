// Notification fan-out benchmark on a real local stack, 10,000 council (LGA) subscribers:
//   1. in-app: one closure event through the in-app consumer (lambdas/events/notify.ts), timed
//      from its start until every notification is stored, beside the raw BatchWrite ceiling of the
//      same DynamoDB Local measured in the same run;
//   2. every channel (bench/fanout-channels.ts): one closure change by email (30 %), SMS (5 %),
//      Web Push and in-app, then the same event again, each person counted: exactly once each;
//   3. the alert kinds that match a closure change against what people drew or saved (the
//      sections listed in FANOUT_SECTIONS below).
//   npx tsx bench/fanout.ts
// Subscribers (with their channels, profiles and push devices) are written straight to the table with BatchWrite (ElectroDB's batch put, 25 items a
// request, 4 requests in flight) rather than through subscribeToLga: that resolver is one transaction per user with
// counter updates, which would make seeding the slow part and tells nothing about fan-out. The
// LGA subscriber counter is therefore not bumped; the consumer never reads it.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path, { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { db } from '../lambdas/adapters/db/db';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../lambdas/adapters/platform/events';
import { FANOUT_CONCURRENCY, withConcurrency, withTtl } from '../lambdas/adapters/notifications/store';
import { chunk } from '../lambdas/core/notifications/rules';
import { closureNotification } from '../lambdas/core/notifications/messages';
import { notifyFor } from '../lambdas/events/notify';
import { settingsFromEnv } from '../local/settings';
import { startLocalStack } from '../local/stack';
import { freePort } from '../test/support/ports';
import { against, count, plain, type Figure, type SectionReport } from './support/report';
import { benchChannels, followerRows, startPushStandIn } from './fanout-channels';
import type { FanoutSection } from './support/fanout-section';
import { benchFanoutTrips } from './fanout-trips';

/**
 * Further parts of this section, each run on the same stack after the channels and printed under
 * its own heading: saved trips (bench/fanout-trips.ts). Watch zones are matched after the section
 * (bench/fanout-zones.ts, `withZoneMatching` in bench/run.ts).
 */
const FANOUT_SECTIONS: { heading: string; run: FanoutSection }[] = [
  { heading: 'saved trips', run: benchFanoutTrips },
];

const SUBSCRIBERS = Number(process.env.BENCH_FANOUT_SUBSCRIBERS ?? 10_000);
export const FANOUT_SUBSCRIBERS = SUBSCRIBERS;
/** The demo LGA: a fresh stack seeds demo closures there, so the event has a real closure. */
const LGA = '12900';
/** DynamoDB Local in memory by default, as the viewport bench; BENCH_FANOUT_DISK=1 keeps the table on disk. */
const IN_MEMORY = process.env.BENCH_FANOUT_DISK !== '1';
/**
 * Subscriptions carry their user's opt-outs (all on: an empty list), as subscribing writes them;
 * BENCH_FANOUT_LEGACY=1 seeds them without, as written before they carried them, so the consumer
 * reads every subscriber's profile instead.
 */
const LEGACY = process.env.BENCH_FANOUT_LEGACY === '1';
/**
 * The ceiling writes items shaped like the event's own notifications (its title, body, link,
 * resource id, icon and a uuid event id), so it is the raw write of what the fan-out writes and
 * costs DynamoDB Local per item what the fan-out's items do. BENCH_FANOUT_CEILING_ITEMS=light
 * writes the lighter items of earlier runs (a title and 120 bytes of body) instead.
 */
const CEILING_LIKE_NOTIFICATIONS = process.env.BENCH_FANOUT_CEILING_ITEMS !== 'light';
/**
 * Subscribers of a second LGA code, for one unmeasured event before the measured one: the
 * ceiling's warm-up pass warms the raw write path, this warms the consumer's (Node compiles its
 * code under the first event; a Lambda container serves many). Its notifications go to other users.
 */
const WARMUP_LGA = 'WARMUP';
const WARMUP_SUBSCRIBERS = Math.min(1000, SUBSCRIBERS);

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

export async function benchFanout(): Promise<SectionReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'road-closures-bench-fanout-'));
  const ports = { web: await freePort(), cognito: await freePort(), cognitoInternal: await freePort(), dynamodb: await freePort(), s3: await freePort() };
  const push = await startPushStandIn();
  const stack = await startLocalStack(settingsFromEnv({ dataDir, ports, schedules: false, quiet: true, tableName: 'road-closures-bench', dynamoInMemory: IN_MEMORY }));
  try {
    const { data: closures } = await db().entities.closure.scan.go({ pages: 'all' });
    const closure = closures.find((c) => c.lgaCode === LGA);
    if (!closure) throw new Error(`no seeded closure in LGA ${LGA}`);

    const seedStarted = performance.now();
    const uids = Array.from({ length: SUBSCRIBERS }, (_, i) => `bench-fanout-${String(i).padStart(5, '0')}`);
    const rows = followerRows(uids, LGA, push.base);
    const { unprocessed } = await db()
      .entities.lgaSubscription.put(rows.subscriptions.map(({ optOuts, ...row }) => (LEGACY ? row : { ...row, optOuts })))
      .go({ concurrent: 4 });
    if (unprocessed.length) throw new Error(`${unprocessed.length} subscriptions were not written`);
    // Every subscriber has a profile, as in the app (the consumer reads it only for a subscription without opt-outs).
    const { unprocessed: noProfile } = await db().entities.user.put(rows.profiles).go({ concurrent: 4 });
    if (noProfile.length) throw new Error(`${noProfile.length} profiles were not written`);
    // And one browser with push on.
    const { unprocessed: noDevice } = await db().entities.pushSubscription.put(rows.devices).go({ concurrent: 4 });
    if (noDevice.length) throw new Error(`${noDevice.length} push devices were not written`);
    const warmupUids = Array.from({ length: WARMUP_SUBSCRIBERS }, (_, i) => `bench-fanout-warmup-${String(i).padStart(5, '0')}`);
    const { unprocessed: noWarmup } = await db()
      .entities.lgaSubscription.put(warmupUids.map((uid) => (LEGACY ? { uid, lgaCode: WARMUP_LGA } : { uid, lgaCode: WARMUP_LGA, optOuts: [] })))
      .go({ concurrent: 4 });
    if (noWarmup.length) throw new Error(`${noWarmup.length} warm-up subscriptions were not written`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.error(`  seeded ${SUBSCRIBERS} subscriptions, profiles and push devices in ${seedSeconds.toFixed(1)} s; publishing`);

    // The raw ceiling: the same number of notification-sized items, BatchWrite only (no reads, no
    // planning), at the consumer's concurrency, into the same DynamoDB Local, once just before the
    // consumer and once just after it; the faster of the two is the ceiling (a shared machine's
    // load drifts during a run, and the faster run is the stricter comparison).
    const now = Math.floor(Date.now() / 1000);
    const ceiling = async (tag: string): Promise<number> => {
      const started = performance.now();
      const shape = CEILING_LIKE_NOTIFICATIONS
        ? { eventId: randomUUID(), ...closureNotification('closure.changed', { id: closure.id, type: closure.type, reason: closure.reason, formattedAddress: closure.formattedAddress, lgaName: 'Forbes' }) }
        : { eventId: tag, title: 'Ceiling', body: 'x'.repeat(120) };
      const raw = uids.map((uid, i) => withTtl({ uid, id: `${now}-${tag}${String(i).padStart(17, '0')}`, timestamp: now, ...shape }));
      await withConcurrency(chunk(raw, 25), FANOUT_CONCURRENCY, async (batch) => {
        const { unprocessed } = (await db().entities.notification.put(batch as never).go()) as unknown as { unprocessed: unknown[] };
        if (unprocessed.length) throw new Error('the ceiling run left items unprocessed');
      });
      return (performance.now() - started) / 1000;
    };
    // One unmeasured pass first: a fresh JVM compiles DynamoDB Local's write path under its first
    // load, which would otherwise be charged to whichever run came first.
    await ceiling('warmup');
    const warmupEvent: DomainEvent = { id: randomUUID(), type: 'closure.changed', occurredAt: now, actor: 'bench-actor', detail: { closureId: closure.id, lgaCode: WARMUP_LGA } };
    const warmedWith = (await notifyFor(warmupEvent)).length;
    const ceilingBefore = await ceiling('ceilingA');

    // The consumer itself (lambdas/events/notify.ts), as the event sink or SQS would invoke it:
    // subscribers and their opt-outs read (settings too when LEGACY), the delivery's mark claimed, notifications written
    // (BatchWrite only on a first delivery), published live.
    const event: DomainEvent = { id: randomUUID(), type: 'closure.changed', occurredAt: now, actor: 'bench-actor', detail: { closureId: closure.id, lgaCode: LGA } };
    const started = performance.now();
    const written = (await notifyFor(event)).length;
    const seconds = (performance.now() - started) / 1000;
    const stored = await countNotifications(event.id);
    const replayStarted = performance.now();
    const replayed = (await notifyFor(event)).length;
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    const ceilingAfter = await ceiling('ceilingB');
    const ceilingSeconds = Math.min(ceilingBefore, ceilingAfter);
    const ceilingRate = SUBSCRIBERS / ceilingSeconds;
    const rate = written / seconds;
    const ratio = ceilingRate / rate;
    const verdict = (ok: boolean) => (ok ? 'holds' : 'MISSED');
    console.error('  in-app measured; now every channel (the mail keeps to the SES rate: minutes)');
    const channels = await benchChannels({ stack, closureId: closure.id, lgaCode: LGA, uids, push });
    const parts: { printed: string[]; figures: Figure[] }[] = [];
    for (const part of FANOUT_SECTIONS) {
      console.error(`  now ${part.heading}`);
      const report = await part.run({ stack, closureId: closure.id, lgaCode: LGA });
      parts.push({ printed: [`  ${part.heading}:`, ...report.printed.split('\n').map((line) => `  ${line}`)], figures: report.figures });
    }
    const printed = [
      `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), DynamoDB Local ${IN_MEMORY ? 'in memory' : 'on disk'}; ${FANOUT_CONCURRENCY} batches of 25 in flight`,
      `  seeded ${SUBSCRIBERS} LGA subscriptions ${LEGACY ? 'WITHOUT opt-outs (BENCH_FANOUT_LEGACY: every profile is read)' : 'carrying their opt-outs'} and their profiles (BatchWrite) in ${seedSeconds.toFixed(1)} s`,
      `  unmeasured warm-ups first: one ceiling pass, and one event to ${warmedWith} other subscribers through the consumer`,
      `  raw BatchWrite ceiling${CEILING_LIKE_NOTIFICATIONS ? ' (items shaped like the event\'s notifications)' : ' (BENCH_FANOUT_CEILING_ITEMS=light: lighter items)'}: ${SUBSCRIBERS} notification items in ${ceilingBefore.toFixed(2)} s before the consumer, ${ceilingAfter.toFixed(2)} s after it; the faster = ${Math.round(ceilingRate)} items/s`,
      `  one closure.changed event -> ${written} in-app notifications in ${seconds.toFixed(2)} s = ${Math.round(rate)} notifications/s ` +
        `(${stored} stored; target >= 1,000/s: ${verdict(rate >= 1000)})`,
      `  ceiling / fan-out = ${ratio.toFixed(2)}x (target within 1.3x: ${verdict(ratio <= 1.3)})`,
      `  the same event again (a replay: the mark is found, so it reads before writing): ${replayed} written in ${replaySeconds.toFixed(2)} s (idempotent: ${verdict(replayed === 0 && stored === written)})`,
      ...channels.printed,
      ...parts.flatMap((part) => part.printed),
    ].join('\n');
    return {
      printed,
      inputs:
        `${count(SUBSCRIBERS)} synthetic LGA subscribers ${LEGACY ? 'without opt-outs (BENCH_FANOUT_LEGACY)' : 'carrying their opt-outs'}, each with a verified address and a push device, email on for 30 % and texts (verified mobiles) for 5 %, and the demo seed's closures; ` +
        `DynamoDB Local ${IN_MEMORY ? 'in memory' : 'on disk'}; ${FANOUT_CONCURRENCY} batches of 25 in flight; one unmeasured warm-up event and ceiling pass first`,
      figures: [
        against('one closure.changed event, in-app notifications stored per second', `${count(rate)}/s (${count(written)} in ${seconds.toFixed(2)} s)`, '≥ 1,000/s', rate >= 1000),
        plain(`raw BatchWrite ceiling of the same DynamoDB Local${CEILING_LIKE_NOTIFICATIONS ? ', notification-shaped items' : ', lighter items'} (faster of before and after)`, `${count(ceilingRate)} items/s`),
        against('ceiling / fan-out', `${ratio.toFixed(2)}×`, 'within 1.3×', ratio <= 1.3),
        against('the same event again (replay): notifications written', `${replayed} in ${replaySeconds.toFixed(2)} s (${count(stored)} stored once)`, '0', replayed === 0 && stored === written),
        ...channels.figures,
        ...parts.flatMap((part) => part.figures),
      ],
    };
  } finally {
    await stack.stop();
    await push.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchFanout().then(
    (report) => console.log(report.printed),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
