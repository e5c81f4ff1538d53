// The user's current opt-outs, read for copying into a new subscription, with the transaction item
// that makes the copy safe: it fails if the user's settings changed since they were read, and it
// bumps the profile's subscriptionsVersion so a settings change that listed the user's
// subscriptions before this one existed fails too (and lists them again).
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { optOutsOfStored, type OptOut } from '../../core/notifications/opt-outs';
import { dynamoClient } from '../db/client';
import { db } from '../db/db';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface OptOutsStamp {
  optOuts: OptOut[];
  /** Goes into the subscribing transaction; ConditionalCheckFailed there = settings changed meanwhile. */
  guard: TransactItem;
}

export function profileKey(uid: string): { TableName: string; Key: Record<string, string> } {
  const { Key, TableName } = db().entities.user.get({ uid }).params() as { Key: Record<string, string>; TableName: string };
  return { TableName, Key };
}

/**
 * The profile's condition that its settings are still at `version` (undefined: never changed
 * since profiles carried a version). Names #pk and #ov; values :ov when a version is given.
 */
export function settingsUnchanged(version: number | undefined): { expression: string; names: Record<string, string>; values: Record<string, number> } {
  return version === undefined
    ? { expression: 'attribute_exists(#pk) AND attribute_not_exists(#ov)', names: { '#pk': 'pk', '#ov': 'optOutsVersion' }, values: {} }
    : { expression: 'attribute_exists(#pk) AND #ov = :ov', names: { '#pk': 'pk', '#ov': 'optOutsVersion' }, values: { ':ov': version } };
}

/** Undefined when the user has no profile: the subscription is then written without opt-outs (its readers fall back). */
export async function optOutsStamp(uid: string): Promise<OptOutsStamp | undefined> {
  const { TableName, Key } = profileKey(uid);
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName, Key, ConsistentRead: true, ProjectionExpression: 'pk, notificationSettings, optOutsVersion' }),
  );
  if (!Item) return undefined;
  const unchanged = settingsUnchanged(Item.optOutsVersion as number | undefined);
  return {
    optOuts: optOutsOfStored(Item.notificationSettings),
    guard: {
      Update: {
        TableName,
        Key,
        UpdateExpression: 'ADD #sv :one',
        ConditionExpression: unchanged.expression,
        ExpressionAttributeNames: { ...unchanged.names, '#sv': 'subscriptionsVersion' },
        ExpressionAttributeValues: { ...unchanged.values, ':one': 1 },
      },
    },
  };
}

/** Copies of the opt-outs tried before subscribing gives up (each retry reads the settings again). */
export const STAMP_ATTEMPTS = 3;
