// The email-link challenge logic: rounds, secrets, links and redirects.
import { describe, expect, it } from 'vitest';
import {
  MAX_CHALLENGE_ROUNDS,
  REQUEST_LINK,
  challengeStep,
  defineNext,
  hashSecret,
  newSecret,
  safeRedirect,
  secretAccepts,
  secretMatches,
  signInEmail,
  signInLink,
  type SessionEntry,
} from '../../../lambdas/core/identity/email-link';

const round = (challengeResult: boolean, challengeName = 'CUSTOM_CHALLENGE'): SessionEntry => ({ challengeName, challengeResult });
const CHALLENGE = { issueTokens: false, failAuthentication: false, challengeName: 'CUSTOM_CHALLENGE' };
const TOKENS = { issueTokens: true, failAuthentication: false };
const FAIL = { issueTokens: false, failAuthentication: true };

describe('define: the rounds of a sign-in', () => {
  it.each([
    ['a new sign-in', [], CHALLENGE],
    ['the link was asked for (not an answer)', [round(false)], CHALLENGE],
    ['the code was right', [round(false), round(true)], TOKENS],
    ['the code was right at once (link page, demo token)', [round(true)], TOKENS],
    ['a mistyped code may be retried', [round(false), round(false)], CHALLENGE],
    ['too many wrong answers', Array.from({ length: MAX_CHALLENGE_ROUNDS }, () => round(false)), FAIL],
    ['an SRP round does not belong here', [round(true, 'SRP_A')], FAIL],
  ])('%s', (_name, session, expected) => {
    expect(defineNext(session as SessionEntry[])).toEqual(expected);
  });
});

describe('create: which step a round is', () => {
  it('starts with CHOOSE, sends a link only when asked, otherwise lets the user retry', () => {
    expect(challengeStep(0, { action: REQUEST_LINK })).toBe('CHOOSE');
    expect(challengeStep(1, { action: REQUEST_LINK, redirect: '/map' })).toBe('LINK_SENT');
    expect(challengeStep(1, undefined)).toBe('RETRY');
    expect(challengeStep(2, { action: 'something else' })).toBe('RETRY');
  });
});

describe('secrets', () => {
  it('are long, random and never equal', () => {
    const a = newSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(a);
  });

  it('match only their own hash', () => {
    const secret = newSecret();
    expect(secretMatches(hashSecret(secret), secret)).toBe(true);
    expect(secretMatches(hashSecret(secret), `${secret}x`)).toBe(false);
    expect(secretMatches(hashSecret(secret), '')).toBe(false);
  });

  it('are accepted before they expire, never after, never empty', () => {
    const secret = newSecret();
    const stored = { hash: hashSecret(secret), expiresAt: 1000 };
    expect(secretAccepts(stored, secret, 999)).toBe(true);
    expect(secretAccepts(stored, secret, 1000)).toBe(false);
    expect(secretAccepts(undefined, secret, 0)).toBe(false);
    expect(secretAccepts({ hash: hashSecret(''), expiresAt: 1000 }, '', 0)).toBe(false);
  });
});

describe('links', () => {
  it.each([
    ['/closures/abc?tab=media', '/closures/abc?tab=media'],
    [undefined, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example/', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/ok\nSet-Cookie: x', '/dashboard'],
    [`/${'a'.repeat(600)}`, '/dashboard'],
  ])('redirect %j → %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it('carry the email, the code and a safe redirect to /signin-link on the site', () => {
    const link = new URL(signInLink('https://roads.example.gov.au', 'Riley+test@example.com', 'abc_DEF-123', '//evil.example'));
    expect(link.origin + link.pathname).toBe('https://roads.example.gov.au/signin-link');
    expect(link.searchParams.get('email')).toBe('Riley+test@example.com');
    expect(link.searchParams.get('code')).toBe('abc_DEF-123');
    expect(link.searchParams.get('redirect')).toBe('/dashboard');
  });

  it('are written into the email with the expiry', () => {
    const mail = signInEmail('https://roads.example/signin-link?email=a%40b.c&code=x&redirect=%2F');
    expect(mail.text).toContain('https://roads.example/signin-link?email=a%40b.c&code=x&redirect=%2F');
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('href="https://roads.example/signin-link?email=a%40b.c&amp;code=x&amp;redirect=%2F"');
  });
});
