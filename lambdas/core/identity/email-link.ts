// Email-link sign-in over Cognito CUSTOM_AUTH, as pure decisions the three triggers apply.
//
// Cognito passes ClientMetadata to the challenge triggers only on RespondToAuthChallenge, never
// on InitiateAuth, so every sign-in starts with a CHOOSE round in which nothing is sent:
//   - to ask for a link, answer anything with clientMetadata { action: 'REQUEST_LINK', redirect };
//     the next round (LINK_SENT) emails `${SITE_URL}/signin-link?email=…&code=…&redirect=…`;
//   - to use a link (or a demo persona token), answer the CHOOSE round with the code.
// The link page therefore works in a new tab or browser: it starts its own sign-in and answers
// at once. The secret is random (256 bits), stored only as a hash, valid 15 minutes, single use.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const LINK_TTL_SECONDS = 15 * 60;
export const DEMO_TOKEN_TTL_SECONDS = 5 * 60;
/** A second link within this time is not sent (the first is still valid): stops mail floods. */
export const LINK_RESEND_SECONDS = 30;
/** CHOOSE, LINK_SENT and one retry of a mistyped code; then Cognito fails the sign-in. */
export const MAX_CHALLENGE_ROUNDS = 4;
export const REQUEST_LINK = 'REQUEST_LINK';

export type ChallengeStep = 'CHOOSE' | 'LINK_SENT' | 'RETRY';
export type SecretKind = 'link' | 'demo';

export interface SessionEntry {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

export type DefineOutcome =
  | { issueTokens: true; failAuthentication: false }
  | { issueTokens: false; failAuthentication: true }
  | { issueTokens: false; failAuthentication: false; challengeName: 'CUSTOM_CHALLENGE' };

const challenge = (): DefineOutcome => ({ issueTokens: false, failAuthentication: false, challengeName: 'CUSTOM_CHALLENGE' });
const fail = (): DefineOutcome => ({ issueTokens: false, failAuthentication: true });

export function defineNext(session: SessionEntry[]): DefineOutcome {
  // Anything but our own challenge (SRP_A, PASSWORD_VERIFIER…) does not belong in this flow.
  if (session.some((entry) => entry.challengeName !== 'CUSTOM_CHALLENGE')) return fail();
  const last = session[session.length - 1];
  if (last?.challengeResult === true) return { issueTokens: true, failAuthentication: false };
  if (session.length >= MAX_CHALLENGE_ROUNDS) return fail();
  return challenge();
}

export function wantsLink(clientMetadata: Record<string, string> | undefined): boolean {
  return clientMetadata?.action === REQUEST_LINK;
}

export function challengeStep(sessionLength: number, clientMetadata: Record<string, string> | undefined): ChallengeStep {
  if (sessionLength === 0) return 'CHOOSE';
  return wantsLink(clientMetadata) ? 'LINK_SENT' : 'RETRY';
}

export const newSecret = () => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of an answer with a stored hash (hashing first equalises lengths). */
export function secretMatches(storedHash: string, answer: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashSecret(answer), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Only a path on this site: no scheme, no host, no protocol-relative "//evil.example". */
export function safeRedirect(value: string | undefined): string {
  if (!value || value.length > 500) return '/dashboard';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/dashboard';
  // Control characters would let a header or the address bar be tricked.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/dashboard';
  return value;
}

export function signInLink(siteUrl: string, email: string, code: string, redirect: string): string {
  const url = new URL('/signin-link', siteUrl);
  url.searchParams.set('email', email);
  url.searchParams.set('code', code);
  url.searchParams.set('redirect', safeRedirect(redirect));
  return url.toString();
}

export function signInEmail(link: string): { subject: string; text: string; html: string } {
  const minutes = LINK_TTL_SECONDS / 60;
  const subject = 'Your sign-in link for Road Closures';
  const text = `Sign in to Road Closures with this link:\n\n${link}\n\nIt works once and expires in ${minutes} minutes. If you did not ask to sign in, you can ignore this email.`;
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const html = `<p>Sign in to Road Closures with this link:</p><p><a href="${escaped}">Sign in</a></p><p>It works once and expires in ${minutes} minutes. If you did not ask to sign in, you can ignore this email.</p>`;
  return { subject, text, html };
}

export interface StoredSecret {
  hash: string;
  expiresAt: number;
}

/** Whether a stored secret accepts this answer now (the caller then consumes it exactly once). */
export function secretAccepts(stored: StoredSecret | undefined, answer: string, now: number): boolean {
  if (!stored || stored.expiresAt <= now || answer.length === 0 || answer.length > 200) return false;
  return secretMatches(stored.hash, answer);
}
