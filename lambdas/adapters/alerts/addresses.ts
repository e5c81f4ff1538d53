// The addresses alert mail goes to: each person's account email, only when verified (a federated
// account whose provider did not vouch for it is not), and never one SES reported as bounced or
// complained about.
import { BatchGetCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EmailState } from '../../core/alerts/channels';
import { chunk } from '../../core/notifications/rules';
import { dynamoClient } from '../db/client';
import { db } from '../db/db';
import { suppressedAmong, suppressionOf } from './suppression';

export interface Addressee {
  uid: string;
  email: string;
}

async function profiles(uids: readonly string[]): Promise<{ uid: string; email?: string; emailVerified?: boolean }[]> {
  const out: { uid: string; email?: string; emailVerified?: boolean }[] = [];
  for (const group of chunk([...new Set(uids)], 100)) {
    const requests = db().entities.user.get(group.map((uid) => ({ uid }))).params({ attributes: ['uid', 'email', 'emailVerified'] }) as BatchGetCommandInput[];
    for (const request of requests) {
      let pending = request.RequestItems;
      for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
        if (attempt > 8) throw new Error('profiles could not be read');
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 5)));
        const answer = await dynamoClient().send(new BatchGetCommand({ RequestItems: pending }));
        for (const items of Object.values(answer.Responses ?? {})) for (const item of items) out.push(item as { uid: string; email?: string; emailVerified?: boolean });
        pending = answer.UnprocessedKeys;
      }
    }
  }
  return out;
}

/** The verified, unsuppressed address of each of these people who has one. */
export async function alertAddresses(uids: readonly string[]): Promise<Map<string, string>> {
  const found = (await profiles(uids)).filter((p) => p.email && p.emailVerified !== false);
  const suppressed = await suppressedAmong(found.map((p) => p.email!));
  return new Map(found.filter((p) => !suppressed.has(p.email!.trim().toLowerCase())).map((p) => [p.uid, p.email!]));
}

/** The state of one person's alert address, for their settings. */
export async function emailStateOf(uid: string): Promise<{ email: string; state: EmailState } | undefined> {
  const { data } = await db().entities.user.get({ uid }).go({ attributes: ['email', 'emailVerified'] });
  if (!data?.email) return undefined;
  if (data.emailVerified === false) return { email: data.email, state: 'unverified' };
  const stopped = await suppressionOf(data.email);
  return { email: data.email, state: stopped ?? 'verified' };
}
