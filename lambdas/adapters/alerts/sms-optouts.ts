// Numbers that replied STOP to a text alert: no text goes to them until they reply START. Keyed by
// a hash of the number, so the item names nobody.
import { createHash } from 'node:crypto';
import { db } from '../db/db';

export const numberHash = (mobile: string) => createHash('sha256').update(mobile).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

export async function optOutNumber(mobile: string): Promise<void> {
  await db().entities.smsOptOut.put({ numberHash: numberHash(mobile), at: now() }).go();
}

export async function optInNumber(mobile: string): Promise<void> {
  await db().entities.smsOptOut.delete({ numberHash: numberHash(mobile) }).go();
}

/** Of these numbers, the ones that replied STOP. */
export async function optedOutAmong(mobiles: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(mobiles)];
  if (unique.length === 0) return new Set();
  const byHash = new Map(unique.map((m) => [numberHash(m), m]));
  const { data } = await db().entities.smsOptOut.get([...byHash.keys()].map((h) => ({ numberHash: h }))).go({ preserveBatchOrder: false });
  return new Set(data.filter((d): d is NonNullable<typeof d> => Boolean(d)).map((d) => byHash.get(d.numberHash)!));
}

