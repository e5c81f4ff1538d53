// Closure and LGA subscriptions (docs/data.md#entities). Each subscribe/unsubscribe is ONE
// transaction with its count: the closure's subscriberCount, or the LGA's subscriber counter plus
// the user's own LGA-subscription counter (which enforces the limit atomically, so two racing
// requests cannot make a sixth). A new subscription carries its user's notification opt-outs,
// copied in the same transaction under a check that the settings did not change meanwhile
// (opt-outs/stamp.ts).
import { TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound, validationError } from '../../core/errors';
import { carriedOptOuts } from '../../core/notifications/opt-outs';
import { channelsOf, type SubscriptionChannels } from '../../core/alerts/channels';
import { MAX_LGA_SUBSCRIPTIONS, MAX_LGA_SUBSCRIPTIONS_MESSAGE, type Subscriber } from '../../core/notifications/rules';
import { dynamoClient } from '../db/client';
import { db } from '../db/db';
import { queryPages } from '../db/geo-cells';
import { optOutsStamp, STAMP_ATTEMPTS, type OptOutsStamp } from '../opt-outs/stamp';

export const LGA_SUBSCRIBERS_COUNTER = 'lgaSubscribers';
/** Scope = uid: how many LGAs this user follows. */
const USER_LGA_SUBSCRIPTIONS_COUNTER = 'userLgaSubscriptions';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function isCanceled(error: unknown): error is Error & { CancellationReasons?: { Code?: string }[] } {
  return error instanceof Error && error.name === 'TransactionCanceledException';
}

const ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 20 * 2 ** attempt)));
const lostRace = (codes: (string | undefined)[]) => codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');

/**
 * Runs a subscription transaction again when it only collided with another one on the same count
 * (a crowd following one closure at once); anything else is the caller's to read.
 */
async function sendWithRetry(items: () => TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamoClient().send(new TransactWriteCommand({ TransactItems: items() }));
      return;
    } catch (error) {
      if (!isCanceled(error) || attempt >= ATTEMPTS || !lostRace((error.CancellationReasons ?? []).map((r) => r.Code))) throw error;
      await pause(attempt);
    }
  }
}

type Written = { canceled: boolean; data: unknown };

async function writeWithRetry(write: () => Promise<Written>): Promise<Written> {
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    if (!result.canceled || attempt >= ATTEMPTS || !lostRace((result.data as { code?: string }[]).map((r) => r?.code))) return result;
    await pause(attempt);
  }
}

/**
 * Writes a new subscription with its user's current opt-outs: `items` gets the stamp (undefined
 * for a user without a profile) and returns the transaction, the new subscription first and the
 * stamp's guard last. When only the guard failed (the settings changed while subscribing), reads
 * them again and retries. Returns the cancellation codes of a transaction that still failed.
 */
async function subscribeWithOptOuts(uid: string, items: (stamp: OptOutsStamp | undefined) => TransactItem[]): Promise<(string | undefined)[] | undefined> {
  for (let attempt = 1; ; attempt++) {
    const stamp = await optOutsStamp(uid);
    try {
      await sendWithRetry(() => [...items(stamp), ...(stamp ? [stamp.guard] : [])]);
      return undefined;
    } catch (error) {
      if (!isCanceled(error)) throw error;
      const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
      const onlyGuard = stamp && codes.at(-1) === 'ConditionalCheckFailed' && codes.slice(0, -1).every((c) => c !== 'ConditionalCheckFailed');
      if (onlyGuard && attempt < STAMP_ATTEMPTS) continue;
      return codes;
    }
  }
}

/**
 * The closure's count changes by a plain ADD: it neither checks nor bumps the closure's `version`
 * nor touches updatedAt, so following a closure never makes a staff edit conflict and never
 * counts as a change of the closure.
 */
function closureCountUpdate(closureId: string, delta: 1 | -1): TransactItem {
  const { Key, TableName } = db().entities.closure.get({ id: closureId }).params() as { Key: Record<string, string>; TableName: string };
  return {
    Update: {
      TableName,
      Key,
      UpdateExpression: 'ADD #count :delta',
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#count': 'subscriberCount', '#pk': 'pk' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

export async function isSubscribedToClosure(uid: string, closureId: string): Promise<boolean> {
  const { data } = await db().entities.closureSubscription.get({ uid, closureId }).go();
  return Boolean(data);
}

/** Idempotent: following a closure twice changes nothing the second time. */
export async function subscribeToClosure(uid: string, closureId: string, lgaCode: string): Promise<void> {
  const failed = await subscribeWithOptOuts(uid, (stamp) => [
    { Put: db().entities.closureSubscription.create({ uid, closureId, lgaCode, ...(stamp ? { optOuts: stamp.optOuts } : {}) }).params() as never },
    closureCountUpdate(closureId, 1),
  ]);
  if (!failed) return;
  const [subscription, closure] = failed;
  if (closure === 'ConditionalCheckFailed') throw notFound(`Closure ${closureId} not found`);
  if (subscription === 'ConditionalCheckFailed') return;
  throw conflict('Failed to subscribe. Please try again.');
}

export async function unsubscribeFromClosure(uid: string, closureId: string): Promise<void> {
  const del = db().entities.closureSubscription.remove({ uid, closureId }).params() as Record<string, unknown>;
  const items: TransactItem[] = [{ Delete: del as never }];
  const { data: closure } = await db().entities.closure.get({ id: closureId }).go({ attributes: ['id'] });
  // A closure that no longer exists has no count to keep.
  if (closure) items.push(closureCountUpdate(closureId, -1));
  try {
    await sendWithRetry(() => items);
  } catch (error) {
    if (!isCanceled(error)) throw error;
    if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return; // was not subscribed
    throw conflict('Failed to unsubscribe. Please try again.');
  }
}

export async function subscribeToLga(uid: string, lgaCode: string): Promise<void> {
  const { data: existing } = await db().entities.lgaSubscription.get({ uid, lgaCode }).go();
  if (existing) return;
  const { lgaSubscription, counter } = db().entities;
  const failed = await subscribeWithOptOuts(uid, (stamp) => [
    { Put: lgaSubscription.create({ uid, lgaCode, ...(stamp ? { optOuts: stamp.optOuts } : {}) }).params() as never },
    {
      Update: counter
        .update({ name: USER_LGA_SUBSCRIPTIONS_COUNTER, scope: uid })
        .add({ count: 1 })
        .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, MAX_LGA_SUBSCRIPTIONS)}`)
        .params() as never,
    },
    { Update: counter.update({ name: LGA_SUBSCRIBERS_COUNTER, scope: lgaCode }).add({ count: 1 }).params() as never },
  ]);
  if (!failed) return;
  const [subscription, limit] = failed;
  if (subscription === 'ConditionalCheckFailed') return; // a concurrent request won
  if (limit === 'ConditionalCheckFailed') throw validationError(MAX_LGA_SUBSCRIPTIONS_MESSAGE);
  throw conflict('Failed to subscribe. Please try again.');
}

export async function unsubscribeFromLga(uid: string, lgaCode: string): Promise<void> {
  const result = await writeWithRetry(() => db()
    .transaction.write(({ lgaSubscription, counter }) => [
      lgaSubscription
        .delete({ uid, lgaCode })
        .where(({ lgaCode: code }, { exists }) => exists(code))
        .commit(),
      counter.update({ name: USER_LGA_SUBSCRIPTIONS_COUNTER, scope: uid }).add({ count: -1 }).commit(),
      counter.update({ name: LGA_SUBSCRIBERS_COUNTER, scope: lgaCode }).add({ count: -1 }).commit(),
    ])
    .go());
  if (!result.canceled) return;
  const [subscription] = result.data as { code?: string }[];
  if (subscription?.code === 'ConditionalCheckFailed') return; // was not subscribed
  throw conflict('Failed to unsubscribe. Please try again.');
}

export interface StoredChannels extends SubscriptionChannels {
  kind: 'closure' | 'lga';
  target: string;
}

export async function subscriptionsOf(uid: string): Promise<{ closureIds: string[]; lgaCodes: string[]; channels: StoredChannels[] }> {
  const [closures, lgas] = await Promise.all([
    db().entities.closureSubscription.query.byUser({ uid }).go({ pages: 'all' }),
    db().entities.lgaSubscription.query.byUser({ uid }).go({ pages: 'all' }),
  ]);
  return {
    closureIds: closures.data.map((s) => s.closureId),
    lgaCodes: lgas.data.map((s) => s.lgaCode),
    channels: [
      ...closures.data.map((s): StoredChannels => ({ kind: 'closure', target: s.closureId, ...channelsOf(s) })),
      ...lgas.data.map((s): StoredChannels => ({ kind: 'lga', target: s.lgaCode, ...channelsOf(s) })),
    ],
  };
}

export async function lgaSubscriberCount(lgaCode: string): Promise<number> {
  const { data } = await db().entities.counter.get({ name: LGA_SUBSCRIBERS_COUNTER, scope: lgaCode }).go();
  return Math.max(0, data?.count ?? 0);
}

/**
 * Fan-out reads: the subscribers from gsi1 (SUBSCRIBERS#…, projecting all attributes), every page,
 * each with the opt-outs their subscription carries. ElectroDB builds the query and the raw client
 * reads the pages: for a big LGA, ElectroDB's formatting of 10,000 answers took as long as the
 * query itself.
 */
async function subscribersOf(params: object): Promise<Subscriber[]> {
  const { items } = await queryPages(params as QueryCommandInput);
  return items.map((item) => {
    const optOuts = carriedOptOuts(item.optOuts);
    return optOuts ? { uid: item.uid as string, optOuts } : { uid: item.uid as string };
  });
}

export function closureSubscribers(closureId: string): Promise<Subscriber[]> {
  return subscribersOf(db().entities.closureSubscription.query.subscribers({ closureId }).params({ attributes: ['uid', 'optOuts'] }));
}

export function lgaSubscribers(lgaCode: string): Promise<Subscriber[]> {
  return subscribersOf(db().entities.lgaSubscription.query.subscribers({ lgaCode }).params({ attributes: ['uid', 'optOuts'] }));
}
