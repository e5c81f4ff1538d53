// Saving a user's notification settings: the profile's settings and the opt-outs every one of the
// user's subscriptions carries change together, so the fan-out can decide from the subscriptions
// alone.
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../../core/errors';
import { optOutsOf } from '../../core/notifications/opt-outs';
import { chunk, settingsOf } from '../../core/notifications/rules';
import { dynamoClient } from '../db/client';
import { nowSeconds } from '../db/entities/common';
import { queryPages } from '../db/geo-cells';
import { profileKey, settingsUnchanged, type TransactItem } from './stamp';

/** TransactWriteItems takes at most 100 items: the profile's item and 99 subscriptions. */
const SUBSCRIPTIONS_PER_TRANSACTION = 99;
const ATTEMPTS = 6;
const FAILED = 'Failed to update notification settings. Please try again.';

interface ProfileVersions {
  optOutsVersion?: number;
  subscriptionsVersion?: number;
}

async function profileVersions(uid: string): Promise<ProfileVersions | undefined> {
  const { TableName, Key } = profileKey(uid);
  const { Item } = await dynamoClient().send(new GetCommand({ TableName, Key, ConsistentRead: true, ProjectionExpression: 'pk, optOutsVersion, subscriptionsVersion' }));
  return Item ? { optOutsVersion: Item.optOutsVersion as number | undefined, subscriptionsVersion: Item.subscriptionsVersion as number | undefined } : undefined;
}

/** The keys of every closure and LGA subscription of the user (their own partition, read consistently). */
async function subscriptionKeys(uid: string): Promise<Record<string, string>[]> {
  const { TableName, Key } = profileKey(uid);
  const { items } = await queryPages({
    TableName,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sub)',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': Key.pk, ':sub': 'SUB#' },
    ProjectionExpression: '#pk, #sk',
    ConsistentRead: true,
  });
  return items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}

/** The profile's settings are at `optOutsVersion` and no subscription was added since `subscriptionsVersion`. */
function profileCondition(versions: ProfileVersions) {
  const unchanged = settingsUnchanged(versions.optOutsVersion);
  const subs = versions.subscriptionsVersion === undefined ? 'attribute_not_exists(#sv)' : '#sv = :sv';
  return {
    ConditionExpression: `${unchanged.expression} AND ${subs}`,
    names: { ...unchanged.names, '#sv': 'subscriptionsVersion' },
    values: { ...unchanged.values, ...(versions.subscriptionsVersion === undefined ? {} : { ':sv': versions.subscriptionsVersion }) },
  };
}

/** An update of an existing subscription (one unsubscribed meanwhile fails the transaction rather than coming back). */
function optOutsUpdate(TableName: string, Key: Record<string, string>, optOuts: string[]): TransactItem {
  return {
    Update: {
      TableName,
      Key,
      UpdateExpression: 'SET #o = :o',
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#o': 'optOuts', '#pk': 'pk' },
      ExpressionAttributeValues: { ':o': optOuts },
    },
  };
}

const send = (TransactItems: TransactItem[]) => dynamoClient().send(new TransactWriteCommand({ TransactItems }));
const isCanceled = (error: unknown) => error instanceof Error && error.name === 'TransactionCanceledException';
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));

/**
 * Saves the settings on the profile and their opt-outs on every subscription of the user, in ONE
 * transaction, under the condition that neither the settings nor the set of subscriptions changed
 * since they were read (a concurrent subscribe bumps subscriptionsVersion); on a conflict it reads
 * both again and retries.
 *
 * Closure subscriptions are not limited (only LGAs are, to 5), so a user can follow more than the
 * 99 a transaction holds besides the profile. Those are written in chunks: the profile and the
 * first 99 first (bumping optOutsVersion to v), then each further chunk under a ConditionCheck
 * that the profile is still at v with the same subscriptions. A later settings change (v moved)
 * owns every item from then on, so this one stops; a new subscription (copied from v already)
 * only makes it list the subscriptions again and go on. If this call fails between chunks, the
 * user is told to try again, and until they do some of those subscriptions keep the old opt-outs.
 */
export async function saveNotificationSettings(uid: string, input: unknown): Promise<void> {
  const { TableName, Key } = profileKey(uid);
  const settings = settingsOf(input);
  const optOuts = optOutsOf(settings);
  let mine: number | undefined; // the optOutsVersion this call wrote, once the profile is saved
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(attempt);
    const versions = await profileVersions(uid);
    if (!versions) throw conflict(FAILED);
    if (mine !== undefined && versions.optOutsVersion !== mine) return; // a later change took over
    const keys = await subscriptionKeys(uid);
    const condition = profileCondition(versions);
    const names = condition.names;
    const parts = chunk(keys, SUBSCRIPTIONS_PER_TRANSACTION);
    try {
      let first = 0;
      if (mine === undefined) {
        const next = (versions.optOutsVersion ?? 0) + 1;
        await send([
          {
            Update: {
              TableName,
              Key,
              UpdateExpression: 'SET #ns = :ns, #ov = :next, #u = :now',
              ConditionExpression: condition.ConditionExpression,
              ExpressionAttributeNames: { ...names, '#ns': 'notificationSettings', '#u': 'updatedAt' },
              ExpressionAttributeValues: { ...condition.values, ':ns': settings, ':next': next, ':now': nowSeconds() },
            },
          },
          ...(parts[0] ?? []).map((key) => optOutsUpdate(TableName, key, optOuts)),
        ]);
        mine = next;
        first = 1;
      }
      const stillMine = profileCondition({ optOutsVersion: mine, subscriptionsVersion: versions.subscriptionsVersion });
      for (const part of parts.slice(first)) {
        await send([
          { ConditionCheck: { TableName, Key, ConditionExpression: stillMine.ConditionExpression, ExpressionAttributeNames: stillMine.names, ExpressionAttributeValues: stillMine.values } },
          ...part.map((key) => optOutsUpdate(TableName, key, optOuts)),
        ]);
      }
      return;
    } catch (error) {
      if (!isCanceled(error)) throw error;
    }
  }
  throw conflict(FAILED);
}
