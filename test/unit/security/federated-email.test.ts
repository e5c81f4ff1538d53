// Account takeover through federated sign-in: a provider's email links to an existing account,
// or carries the roles granted to that address, only when the provider asserts it is verified.
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cognito = vi.hoisted(() => ({
  usersWithEmail: vi.fn(),
  linkProviderToUser: vi.fn(),
}));
vi.mock('../../../lambdas/adapters/identity/cognito', () => cognito);

import { handler as preSignUp, UNVERIFIED_PROVIDER_EMAIL } from '../../../lambdas/triggers/pre-sign-up';
import { confirmedEmailIsVerified } from '../../../lambdas/triggers/post-confirmation';
import { federatedProviderOf, isPinnedMicrosoftTenant, providerVerifiedEmail } from '../../../lambdas/core/identity/federated-email';
import { holdsManagedClaim, type Principal } from '../../../lambdas/core/access';

const officer = { username: 'native-officer', status: 'CONFIRMED', emailVerified: true, enabled: true };

const externalSignUp = (userName: string, attributes: Record<string, string>) =>
  ({
    version: '1',
    region: 'ap-southeast-2',
    userPoolId: 'pool',
    userName,
    triggerSource: 'PreSignUp_ExternalProvider',
    callerContext: { awsSdkVersion: 'x', clientId: 'c' },
    request: { userAttributes: { email: 'officer@forbes.nsw.gov.au', ...attributes } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  }) as unknown as PreSignUpTriggerEvent;

describe('pre-sign-up linking', () => {
  beforeEach(() => {
    cognito.usersWithEmail.mockResolvedValue([officer]);
    cognito.linkProviderToUser.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.clearAllMocks();
    delete process.env.MICROSOFT_TENANT;
  });

  it('links a Google sign-in whose email Google verified', async () => {
    await preSignUp(externalSignUp('google_111', { email_verified: 'true' }));
    expect(cognito.linkProviderToUser).toHaveBeenCalledWith(expect.objectContaining({ existingUsername: 'native-officer', providerName: 'Google', providerUserId: '111' }));
  });

  it('refuses a Google sign-in whose email Google did not verify', async () => {
    await expect(preSignUp(externalSignUp('google_222', { email_verified: 'false' }))).rejects.toThrow(UNVERIFIED_PROVIDER_EMAIL);
    expect(cognito.linkProviderToUser).not.toHaveBeenCalled();
  });

  it('refuses a multi-tenant Microsoft sign-in without the verified-domain claim (any tenant owner can set any email)', async () => {
    process.env.MICROSOFT_TENANT = 'common';
    await expect(preSignUp(externalSignUp('microsoft_abc', {}))).rejects.toThrow(UNVERIFIED_PROVIDER_EMAIL);
    expect(cognito.linkProviderToUser).not.toHaveBeenCalled();
  });

  it('links a Microsoft sign-in with the verified-domain claim, or from the pinned tenant', async () => {
    process.env.MICROSOFT_TENANT = 'common';
    await preSignUp(externalSignUp('microsoft_abc', { email_verified: 'true' }));
    process.env.MICROSOFT_TENANT = 'forbes.onmicrosoft.com';
    await preSignUp(externalSignUp('microsoft_def', {}));
    expect(cognito.linkProviderToUser).toHaveBeenCalledTimes(2);
  });

  it('never links a Facebook sign-in (Facebook asserts no verification)', async () => {
    await expect(preSignUp(externalSignUp('facebook_9', { email_verified: 'true' }))).rejects.toThrow(UNVERIFIED_PROVIDER_EMAIL);
    expect(cognito.linkProviderToUser).not.toHaveBeenCalled();
  });

  it('lets an unverified provider email through as a new account when nobody holds that address', async () => {
    cognito.usersWithEmail.mockResolvedValue([]);
    const event = externalSignUp('facebook_10', {});
    await expect(preSignUp(event)).resolves.toBe(event);
    expect(cognito.linkProviderToUser).not.toHaveBeenCalled();
  });
});

describe('post-confirmation: whose email carries email-keyed roles', () => {
  afterEach(() => delete process.env.MICROSOFT_TENANT);
  const identities = (providerName: string) => JSON.stringify([{ providerName, userId: '1', providerType: providerName }]);

  it('a native account (confirmed with a code) is verified', () => {
    expect(confirmedEmailIsVerified({ sub: 's', email: 'a@example.com', email_verified: 'true' })).toBe(true);
  });
  it('a federated account only when its provider vouches', () => {
    expect(confirmedEmailIsVerified({ identities: identities('Google'), email_verified: 'true' })).toBe(true);
    expect(confirmedEmailIsVerified({ identities: identities('Google'), email_verified: 'false' })).toBe(false);
    expect(confirmedEmailIsVerified({ identities: identities('Facebook') })).toBe(false);
    expect(confirmedEmailIsVerified({ identities: identities('Microsoft') })).toBe(false);
    process.env.MICROSOFT_TENANT = '0b0c0d0e-0000-4000-8000-000000000000';
    expect(confirmedEmailIsVerified({ identities: identities('Microsoft') })).toBe(true);
  });
  it('a federated account with a malformed identities attribute is not verified', () => {
    expect(federatedProviderOf({ identities: 'not json' })).toBe('unknown');
    expect(confirmedEmailIsVerified({ identities: 'not json', email_verified: 'true' })).toBe(false);
    expect(federatedProviderOf({ 'cognito:user_status': 'EXTERNAL_PROVIDER' })).toBe('unknown');
  });
});

describe('the decision', () => {
  it('knows the multi-tenant Microsoft authorities', () => {
    for (const t of ['common', 'organizations', 'consumers', 'Common', undefined, '']) expect(isPinnedMicrosoftTenant(t)).toBe(false);
    expect(isPinnedMicrosoftTenant('contoso.onmicrosoft.com')).toBe(true);
  });
  it('reads only the provider assertion', () => {
    expect(providerVerifiedEmail('Google', {})).toBe(false);
    expect(providerVerifiedEmail('LoginWithAmazon', { email_verified: 'true' })).toBe(false);
  });
  it('an unverified email holds no council claim', () => {
    const p: Principal = { uid: 'u', email: 'officer@forbes.nsw.gov.au', admin: false, managed: [] };
    const lga = { code: '12900', emailSuffix: 'forbes.nsw.gov.au' };
    expect(holdsManagedClaim(p, lga)).toBe(true);
    expect(holdsManagedClaim({ ...p, emailUnverified: true }, lga)).toBe(false);
  });
});
