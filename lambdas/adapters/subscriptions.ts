// Closure and LGA subscriptions (DESIGN §5). Each subscribe/unsubscribe is ONE transaction with
// its count: the closure's subscriberCount, or the LGA's subscriber counter plus the user's own
// LGA-subscription counter (which enforces the limit atomically, so two racing requests cannot
// make a sixth).
import { TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound, validationError } from '../core/errors';
import { MAX_LGA_SUBSCRIPTIONS, MAX_LGA_SUBSCRIPTIONS_MESSAGE } from '../core/notifications/rules';
import { dynamoClient } from './db/client';
import { db } from './db/db';
import { queryPages } from './geo-cells';

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
  const put = db().entities.closureSubscription.create({ uid, closureId, lgaCode }).params() as Record<string, unknown>;
  try {
    await sendWithRetry(() => [{ Put: put as never }, closureCountUpdate(closureId, 1)]);
  } catch (error) {
    if (!isCanceled(error)) throw error;
    const [subscription, closure] = error.CancellationReasons ?? [];
    if (closure?.Code === 'ConditionalCheckFailed') throw notFound(`Closure ${closureId} not found`);
    if (subscription?.Code === 'ConditionalCheckFailed') return;
    throw conflict('Failed to subscribe. Please try again.');
  }
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
  const result = await writeWithRetry(() => db()
    .transaction.write(({ lgaSubscription, counter }) => [
      lgaSubscription.create({ uid, lgaCode }).commit(),
      counter
        .update({ name: USER_LGA_SUBSCRIPTIONS_COUNTER, scope: uid })
        .add({ count: 1 })
        .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, MAX_LGA_SUBSCRIPTIONS)}`)
        .commit(),
      counter.update({ name: LGA_SUBSCRIBERS_COUNTER, scope: lgaCode }).add({ count: 1 }).commit(),
    ])
    .go());
  if (!result.canceled) return;
  const [subscription, limit] = result.data as { code?: string }[];
  if (subscription?.code === 'ConditionalCheckFailed') return; // a concurrent request won
  if (limit?.code === 'ConditionalCheckFailed') throw validationError(MAX_LGA_SUBSCRIPTIONS_MESSAGE);
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

export async function subscriptionsOf(uid: string): Promise<{ closureIds: string[]; lgaCodes: string[] }> {
  const [closures, lgas] = await Promise.all([
    db().entities.closureSubscription.query.byUser({ uid }).go({ pages: 'all' }),
    db().entities.lgaSubscription.query.byUser({ uid }).go({ pages: 'all' }),
  ]);
  return { closureIds: closures.data.map((s) => s.closureId), lgaCodes: lgas.data.map((s) => s.lgaCode) };
}

export async function lgaSubscriberCount(lgaCode: string): Promise<number> {
  const { data } = await db().entities.counter.get({ name: LGA_SUBSCRIBERS_COUNTER, scope: lgaCode }).go();
  return Math.max(0, data?.count ?? 0);
}

/**
 * Fan-out reads: the subscribers' uids from gsi1 (SUBSCRIBERS#…), every page. ElectroDB builds the
 * query and the raw client reads the pages: for a big LGA, ElectroDB's formatting of 10,000
 * answers took as long as the query itself.
 */
async function subscriberUids(params: object): Promise<string[]> {
  const { items } = await queryPages(params as QueryCommandInput);
  return items.map((item) => item.uid as string);
}

export function closureSubscribers(closureId: string): Promise<string[]> {
  return subscriberUids(db().entities.closureSubscription.query.subscribers({ closureId }).params({ attributes: ['uid'] }));
}

export function lgaSubscribers(lgaCode: string): Promise<string[]> {
  return subscriberUids(db().entities.lgaSubscription.query.subscribers({ lgaCode }).params({ attributes: ['uid'] }));
}
