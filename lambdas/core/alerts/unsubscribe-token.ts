// The one-click unsubscribe link of an alert mail (RFC 8058): it names one person's one
// subscription and carries an HMAC of that, so it works without signing in and nobody can make
// one for somebody else's subscription.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SubscriptionTarget } from './channels';

/** One subscription, one saved trip, or every one of the person's (a daily digest gathers several). */
export type UnsubscribeTarget = SubscriptionTarget | { kind: 'trip'; id: string } | { kind: 'all'; id: 'all' };

export interface UnsubscribeClaim {
  uid: string;
  target: UnsubscribeTarget;
}

const PREFIX = { closure: 'c', lga: 'l', zone: 'z', trip: 't', all: 'a' } as const;
const KINDS = { c: 'closure', l: 'lga', z: 'zone', t: 'trip', a: 'all' } as const;
const PART = /^[A-Za-z0-9_-]{1,128}$/;

const mac = (key: string, payload: string) => createHmac('sha256', key).update(`unsubscribe\u0000${payload}`).digest('base64url');

/** `c.<uid>.<closureId>.<mac>`, `l.<uid>.<lgaCode>.<mac>`, `z.<uid>.<zoneId>.<mac>` or `a.<uid>.all.<mac>`: short enough for a URL. */
export function signUnsubscribe(key: string, claim: UnsubscribeClaim): string {
  const payload = `${PREFIX[claim.target.kind]}.${claim.uid}.${claim.target.id}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The claim of a token this key signed, or undefined for anything else (altered, made up, malformed). */
export function verifyUnsubscribe(key: string, token: string): UnsubscribeClaim | undefined {
  if (typeof token !== 'string' || token.length > 400) return undefined;
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [kind, uid, id, signature] = parts;
  if (!(kind in KINDS) || !PART.test(uid) || !PART.test(id)) return undefined;
  if ((kind === 'a') !== (id === 'all')) return undefined;
  const expected = Buffer.from(mac(key, `${kind}.${uid}.${id}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { uid, target: { kind: KINDS[kind as keyof typeof KINDS], id } as UnsubscribeTarget };
}
