// One alert per event, person and channel: a conditional write claims the send before it happens,
// so a retried or replayed event (or a digest run twice) finds the claim and sends nothing. A send
// that fails gives its claim back, so the retry sends it.
import { db } from '../db/db';

/** Claims are kept a fortnight: SNS and SQS retries, and any replay, come well within it. */
const CLAIM_SECONDS = 14 * 24 * 3600;

export async function claimAlert(eventId: string, uid: string, channel: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  try {
    await db().entities.alertClaim.create({ eventId, uid, channel, claimedAt: now, expiresAt: now + CLAIM_SECONDS }).go();
    return true;
  } catch (error) {
    if ((error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException' || /conditional/i.test(String((error as Error).message))) return false;
    throw error;
  }
}

export async function releaseAlert(eventId: string, uid: string, channel: string): Promise<void> {
  await db().entities.alertClaim.delete({ eventId, uid, channel }).go();
}

/** Sends under a claim: nothing when already claimed; the claim is given back when the send throws. */
export async function onceFor(eventId: string, uid: string, channel: string, send: () => Promise<unknown>): Promise<boolean> {
  if (!(await claimAlert(eventId, uid, channel))) return false;
  try {
    await send();
    return true;
  } catch (error) {
    await releaseAlert(eventId, uid, channel).catch(() => undefined);
    throw error;
  }
}
