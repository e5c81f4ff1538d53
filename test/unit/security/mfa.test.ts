// Administrators and the authenticator app: who has admin power, who may use an email link,
// who may turn the app off; and the TOTP codes the tests compute, against RFC 6238's vectors.
import { describe, expect, it } from 'vitest';
import {
  adminMfaEnforced,
  adminStanding,
  adminUsesPasswordEmail,
  emailLinkAllowed,
  mayTurnOffTotp,
  totpEnrolledIn,
} from '../../../lambdas/core/identity/mfa';
import { normaliseTotpCode } from '../../../web/src/features/security/totp-code';
import { base32Decode, hotp, totp } from '../../support/totp';

describe('admin standing', () => {
  it('an administrator without an authenticator app has no admin power where it is enforced', () => {
    expect(adminStanding({ admin: true, signIn: 'native' }, true)).toBe('setup');
    expect(adminStanding({ admin: true, totpEnrolled: false, signIn: 'native' }, true)).toBe('setup');
    expect(adminStanding({ admin: true, totpEnrolled: true, signIn: 'native' }, true)).toBe('admin');
  });
  it('not enforced (local, demo): every administrator is one', () => {
    expect(adminStanding({ admin: true, signIn: 'native' }, false)).toBe('admin');
  });
  it('a non-admin stays one, enrolled or not', () => {
    expect(adminStanding({ admin: false, totpEnrolled: true, signIn: 'native' }, true)).toBe('none');
    expect(adminStanding({ admin: false, signIn: 'native' }, false)).toBe('none');
  });
  it('is enforced only by ADMIN_MFA=required', () => {
    expect(adminMfaEnforced({ ADMIN_MFA: 'required' })).toBe(true);
    expect(adminMfaEnforced({ ADMIN_MFA: 'optional' })).toBe(false);
    expect(adminMfaEnforced({})).toBe(false);
  });
  it('reads the enrolment from the user pool\'s MFA list', () => {
    expect(totpEnrolledIn(['SOFTWARE_TOKEN_MFA'])).toBe(true);
    expect(totpEnrolledIn(['SMS_MFA'])).toBe(false);
    expect(totpEnrolledIn(undefined)).toBe(false);
  });
});

describe('email link and turning the app off', () => {
  it('administrators get no email link where the app is enforced; everyone else does', () => {
    expect(emailLinkAllowed({ admin: true }, true)).toBe(false);
    expect(emailLinkAllowed({ admin: true }, false)).toBe(true);
    expect(emailLinkAllowed({ admin: false }, true)).toBe(true);
  });
  it('only non-admins may turn the app off', () => {
    expect(mayTurnOffTotp({ admin: true })).toBe(false);
    expect(mayTurnOffTotp({ admin: false })).toBe(true);
  });
  it('the admin notice points at the password sign-in and carries no link secret', () => {
    const mail = adminUsesPasswordEmail('https://roads.example.gov.au');
    expect(mail.text).toContain('https://roads.example.gov.au/login');
    expect(mail.text).not.toMatch(/signin-link/);
  });
  it('accepts six digits, spaces dropped', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456');
    expect(normaliseTotpCode('12345')).toBeNull();
    expect(normaliseTotpCode('12345a')).toBeNull();
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  // The RFC's SHA-1 seed is the ASCII "12345678901234567890"; its 8-digit codes at these times.
  const seed = Buffer.from('12345678901234567890', 'ascii');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('at %i s the code is %s', (time, code) => {
    expect(hotp(seed, Math.floor(time / 30), 8)).toBe(code);
  });
  it('reads base32 secrets as authenticator apps do', () => {
    // base32 of the RFC seed
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(seed)).toBe(true);
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59)).toBe('287082');
  });
});
