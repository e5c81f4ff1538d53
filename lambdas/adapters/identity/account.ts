// A user's own records: the profile, their signatures on "please join" requests, and deleting
// everything that is theirs while keeping their reports (anonymised) and signature counts.
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProfileChanges } from '../../core/identity/profile';
import { db } from '../db/db';
import { dynamoClient, tableName } from '../db/client';
import { deleteRequestsOfUser } from './staff';

export const SIGNATORIES_COUNTER = 'lgaRequestSignatories';
/** Stands in for a deleted user's uid on what is kept (reports). */
export const DELETED_USER = 'deleted-user';

export async function readProfile(uid: string) {
  const { data } = await db().entities.user.get({ uid }).go();
  return data ?? undefined;
}

export async function applyProfileChanges(uid: string, changes: ProfileChanges) {
  let update = db().entities.user.patch({ uid }).set(changes.set as never);
  if (changes.remove.length) update = update.remove(changes.remove as never);
  await update.go();
  return (await readProfile(uid))!;
}

/** The account that proved it holds this address; an unverified one wearing it is not it. */
export async function profileByEmail(email: string) {
  const { data } = await db().entities.user.query.byEmail({ email }).go({ pages: 'all' });
  return data.find((profile) => profile.emailVerified !== false);
}

export async function signatoryCount(lgaCode: string): Promise<number> {
  const { data } = await db().entities.counter.get({ name: SIGNATORIES_COUNTER, scope: lgaCode }).go();
  return Math.max(0, data?.count ?? 0);
}

export async function hasSigned(lgaCode: string, uid: string): Promise<boolean> {
  const { data } = await db().entities.signatory.get({ lgaCode, uid }).go();
  return data !== null;
}

/** Signs once: the signatory, the count and the user's own list change together or not at all. */
export async function signLgaRequest(
  lgaCode: string,
  signer: { uid: string; displayName?: string; email?: string },
): Promise<'signed' | 'already-signed'> {
  const { canceled, data } = await db()
    .transaction.write(({ signatory, counter, user }) => [
      signatory.create({ lgaCode, uid: signer.uid, displayName: signer.displayName, email: signer.email }).commit(),
      counter.update({ name: SIGNATORIES_COUNTER, scope: lgaCode }).add({ count: 1 }).commit(),
      user.patch({ uid: signer.uid }).add({ signedLgaRequests: [lgaCode] }).commit(),
    ])
    .go();
  if (!canceled) return 'signed';
  if (data[0]?.code === 'ConditionalCheckFailed') return 'already-signed';
  throw new Error(`signing the LGA request was cancelled: ${data.map((d) => d.code).join(', ')}`);
}

async function deleteKeys(keys: { pk: string; sk: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('could not delete every item of the user');
      const result = await dynamoClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

async function partitionKeys(pk: string): Promise<{ pk: string; sk: string }[]> {
  const keys: { pk: string; sk: string }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey,
      }),
    );
    keys.push(...((page.Items ?? []) as { pk: string; sk: string }[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return keys;
}

/**
 * Reports stay (the council still needs them) but no longer point at the person: the author
 * becomes DELETED_USER, on the item and in its "by author" index entry, and any mention of the
 * uid in the report's activity log is replaced too.
 */
async function anonymiseReports(uid: string): Promise<number> {
  // Raw, because the update below rewrites the index key that ElectroDB treats as read-only.
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${uid}#REPORTS` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  for (const item of items) {
    const activity = item.activity === undefined ? undefined : JSON.parse(JSON.stringify(item.activity).split(uid).join(DELETED_USER));
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET #uid = :anon, gsi2pk = :gsi2pk${activity === undefined ? '' : ', activity = :activity'}`,
        ExpressionAttributeNames: { '#uid': 'uid' },
        ExpressionAttributeValues: {
          ':anon': DELETED_USER,
          ':gsi2pk': `USER#${DELETED_USER}#REPORTS`,
          ...(activity === undefined ? {} : { ':activity': activity }),
        },
      }),
    );
  }
  return items.length;
}

export interface DeletedUserData {
  reportsAnonymised: number;
  managerOf: string[];
  closureSubscriptions: string[];
  lgaSubscriptions: string[];
}

/**
 * Everything of the user, in an order that a retry can finish: the profile (which lists the
 * signed requests and holds the email) goes last, with the rest of the user's partition.
 *
 * Council roles belong to an email address, not to an account: they go with the account only
 * when its profile proved that address. An account whose address nobody verified (a Facebook
 * sign-in, say, with a staff member's email) leaves that person's roles alone. Without a profile
 * (a retry after the partition went) the roles were already dealt with by the first attempt.
 */
export async function deleteUserData(uid: string): Promise<DeletedUserData> {
  const profile = await readProfile(uid);
  for (const lgaCode of profile?.signedLgaRequests ?? []) {
    // The signature still counts; who signed is forgotten.
    await db().entities.signatory.patch({ lgaCode, uid }).remove(['displayName', 'email']).go().catch(() => undefined);
  }
  await deleteRequestsOfUser(uid);
  const email = profile && profile.emailVerified !== false ? profile.email : undefined;
  const managers = email ? (await db().entities.manager.query.byEmail({ email }).go({ pages: 'all' })).data : [];
  for (const m of managers) await db().entities.manager.delete({ lgaCode: m.lgaCode, email: m.email }).go();
  const reportsAnonymised = await anonymiseReports(uid);
  const keys = await partitionKeys(`USER#${uid}`);
  await deleteKeys(keys);
  const subscribed = (prefix: string) => keys.filter((k) => k.sk.startsWith(prefix)).map((k) => k.sk.slice(prefix.length));
  return {
    reportsAnonymised,
    managerOf: managers.map((m) => m.lgaCode),
    closureSubscriptions: subscribed('SUB#CLOSURE#'),
    lgaSubscriptions: subscribed('SUB#LGA#'),
  };
}

