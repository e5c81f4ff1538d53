// Addresses alert mail must not go to: SES reported a permanent bounce or a complaint. Keyed by a
// hash of the address, so the item names nobody; the person's settings show it and may lift it.
import { createHash } from 'node:crypto';
import { db } from '../db/db';

export type SuppressionReason = 'bounced' | 'complained';

export const addressHash = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

export async function suppressAddress(address: string, reason: SuppressionReason): Promise<void> {
  // A complaint outranks a bounce: once someone said "spam", a later bounce does not soften it.
  const hash = addressHash(address);
  const { data } = await db().entities.mailSuppression.get({ addressHash: hash }).go();
  if (data?.reason === 'complained' && reason === 'bounced') return;
  await db().entities.mailSuppression.put({ addressHash: hash, reason, at: Math.floor(Date.now() / 1000) }).go();
}

export async function liftSuppression(address: string): Promise<void> {
  await db().entities.mailSuppression.delete({ addressHash: addressHash(address) }).go();
}

export async function suppressionOf(address: string): Promise<SuppressionReason | undefined> {
  const { data } = await db().entities.mailSuppression.get({ addressHash: addressHash(address) }).go();
  return data?.reason;
}

/** Of these addresses, the ones mail must not go to (lower-cased). */
export async function suppressedAmong(addresses: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  if (unique.length === 0) return new Set();
  const byHash = new Map(unique.map((a) => [addressHash(a), a]));
  const { data } = await db().entities.mailSuppression.get([...byHash.keys()].map((addressHash) => ({ addressHash }))).go({ preserveBatchOrder: false });
  return new Set(data.filter((d): d is NonNullable<typeof d> => Boolean(d)).map((d) => byHash.get(d.addressHash)!));
}
