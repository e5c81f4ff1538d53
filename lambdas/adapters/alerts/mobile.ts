// A person's alert mobile: asked for with a number (a 6-digit code is texted to it, at most
// CODES_PER_HOUR an hour, kept only as an HMAC, expiring in 10 minutes, CODE_ATTEMPTS wrong tries),
// verified with the code, removed. Numbers that replied STOP are kept apart (SMSSTOP#…).
import { rateLimited, validationError } from '../../core/errors';
import {
  CODE_ATTEMPTS,
  CODE_LIMIT_MESSAGE,
  CODE_SECONDS,
  CODE_WRONG_MESSAGE,
  CODES_PER_HOUR,
  codeHash,
  codeMatches,
  codeText,
  newCode,
  type MobileState,
} from '../../core/alerts/sms';
import { db } from '../db/db';
import { alertSigningKey } from './alert-key';
import { sendSms } from './sms-out';
import { optedOutAmong } from './sms-optouts';

const now = () => Math.floor(Date.now() / 1000);

async function takeCodeSlot(uid: string): Promise<boolean> {
  const bucket = Math.floor(now() / 3600);
  try {
    await db()
      .entities.counter.update({ name: `mobile-code#${uid}`, scope: `H${bucket}` })
      .add({ count: 1 })
      .set({ expiresAt: (bucket + 2) * 3600 })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, CODES_PER_HOUR)}`)
      .go();
    return true;
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) return false;
    throw error;
  }
}

export async function requestMobileCode(uid: string, mobile: string): Promise<void> {
  if (!(await takeCodeSlot(uid))) throw rateLimited(CODE_LIMIT_MESSAGE);
  const code = newCode();
  const hash = codeHash(await alertSigningKey(), uid, mobile, code);
  await db()
    .entities.user.patch({ uid })
    .set({ alertMobile: mobile, alertMobileVerified: false, mobileCodeHash: hash, mobileCodeExpiresAt: now() + CODE_SECONDS, mobileCodeAttempts: 0 })
    .go();
  await sendSms(mobile, codeText(code));
}

export async function verifyMobileCode(uid: string, code: string): Promise<void> {
  const { data } = await db().entities.user.get({ uid }).go({ attributes: ['alertMobile', 'mobileCodeHash', 'mobileCodeExpiresAt', 'mobileCodeAttempts'] });
  if (!data?.alertMobile || !data.mobileCodeHash || (data.mobileCodeExpiresAt ?? 0) < now() || (data.mobileCodeAttempts ?? 0) >= CODE_ATTEMPTS) {
    throw validationError(CODE_WRONG_MESSAGE);
  }
  if (!codeMatches(await alertSigningKey(), uid, data.alertMobile, code, data.mobileCodeHash)) {
    // An atomic count: two wrong tries at once both count.
    await db().entities.user.patch({ uid }).add({ mobileCodeAttempts: 1 }).go();
    throw validationError(CODE_WRONG_MESSAGE);
  }
  // Used once: the code goes with the verification (a second use finds no code).
  await db()
    .entities.user.patch({ uid })
    .set({ alertMobileVerified: true })
    .remove(['mobileCodeHash', 'mobileCodeExpiresAt', 'mobileCodeAttempts'])
    .where(({ mobileCodeHash }, { eq }) => eq(mobileCodeHash, data.mobileCodeHash!))
    .go()
    .catch((error: Error) => {
      if (!/conditional/i.test(error.message)) throw error;
    });
}

export async function removeMobile(uid: string): Promise<void> {
  await db().entities.user.patch({ uid }).remove(['alertMobile', 'alertMobileVerified', 'mobileCodeHash', 'mobileCodeExpiresAt', 'mobileCodeAttempts']).go();
}

export async function mobileStateOf(uid: string): Promise<{ mobile: string | null; state: MobileState }> {
  const { data } = await db().entities.user.get({ uid }).go({ attributes: ['alertMobile', 'alertMobileVerified'] });
  if (!data?.alertMobile) return { mobile: null, state: 'none' };
  if ((await optedOutAmong([data.alertMobile])).size > 0) return { mobile: data.alertMobile, state: 'opted_out' };
  return { mobile: data.alertMobile, state: data.alertMobileVerified ? 'verified' : 'pending' };
}

/** The verified, not opted-out numbers of these people. */
export async function alertMobiles(uids: readonly string[]): Promise<Map<string, string>> {
  const { data } = await db()
    .entities.user.get([...new Set(uids)].map((uid) => ({ uid })))
    .go({ attributes: ['uid', 'alertMobile', 'alertMobileVerified'], preserveBatchOrder: false });
  const verified = data.filter((d): d is NonNullable<typeof d> => Boolean(d?.alertMobile && d.alertMobileVerified));
  const stopped = await optedOutAmong(verified.map((d) => d.alertMobile!));
  return new Map(verified.filter((d) => !stopped.has(d.alertMobile!)).map((d) => [d.uid, d.alertMobile!]));
}
