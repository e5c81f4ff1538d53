// Administrators who sign in through Google, Microsoft or Facebook: Cognito asks them for no
// second factor, so where the authenticator app is required the pre-token-generation trigger
// issues them no tokens, and admin operations accept only an access token of the app's own
// sign-in. Trigger events below have the shapes Cognito sends (V1_0 events; userName of a
// linked federated sign-in is the native account's, of an unlinked one "Google_<id>").
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const profiles = new Map<string, { uid: string; email: string; admin: boolean }>();
const reads: string[] = [];
vi.mock('../../../lambdas/adapters/identity/principal', () => ({
  getProfile: async (uid: string) => {
    reads.push(uid);
    return profiles.get(uid);
  },
}));

const { handler } = await import('../../../lambdas/triggers/pre-token-generation');
const {
  ADMIN_FEDERATED_MESSAGE,
  ADMIN_MFA_MESSAGE,
  adminRefusalMessage,
  adminStanding,
  signInRouteOf,
  tokensAllowed,
} = await import('../../../lambdas/core/identity/mfa');
const { oauthFailureMessage } = await import('../../../web/src/features/auth/oauth-failure');

const ADMIN_SUB = '8e1b5a1c-0000-4000-8000-00000000a001';
const RESIDENT_SUB = '8e1b5a1c-0000-4000-8000-00000000b002';

function tokenEvent(triggerSource: string, sub: string, userName: string, identities?: string): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    triggerSource,
    region: 'ap-southeast-2',
    userPoolId: 'ap-southeast-2_AbCdEf123',
    userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: '4l3k2j1h0g9f8e7d6c5b4a3z2y' },
    request: {
      userAttributes: {
        sub,
        'cognito:user_status': identities ? 'EXTERNAL_PROVIDER' : 'CONFIRMED',
        email_verified: 'true',
        email: sub === ADMIN_SUB ? 'admin@example.com' : 'resident@example.com',
        ...(identities ? { identities } : {}),
      },
      groupConfiguration: { groupsToOverride: sub === ADMIN_SUB ? ['admin'] : [], iamRolesToOverride: [], preferredRole: null },
    },
    response: { claimsOverrideDetails: null },
  } as unknown as PreTokenGenerationTriggerEvent;
}

const googleIdentities = JSON.stringify([
  { userId: '109876543210987654321', providerName: 'Google', providerType: 'Google', issuer: null, primary: 'false', dateCreated: '1763000000000' },
]);

describe('pre-token-generation trigger', () => {
  beforeEach(() => {
    profiles.clear();
    reads.length = 0;
    profiles.set(ADMIN_SUB, { uid: ADMIN_SUB, email: 'admin@example.com', admin: true });
    profiles.set(RESIDENT_SUB, { uid: RESIDENT_SUB, email: 'resident@example.com', admin: false });
    vi.stubEnv('ADMIN_MFA', 'required');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('refuses tokens to an administrator signing in through Google where the authenticator app is required', async () => {
    // A Google sign-in linked to the native admin account: the event names the native user.
    await expect(handler(tokenEvent('TokenGeneration_HostedAuth', ADMIN_SUB, 'admin-user', googleIdentities))).rejects.toThrow(ADMIN_FEDERATED_MESSAGE);
    expect(reads).toEqual([ADMIN_SUB]);
  });

  it('issues tokens to a resident signing in through Google', async () => {
    const event = tokenEvent('TokenGeneration_HostedAuth', RESIDENT_SUB, 'Google_109876543210987654321', googleIdentities);
    await expect(handler(event)).resolves.toBe(event);
  });

  it('issues tokens to a hosted sign-in with no profile yet (a first federated sign-in)', async () => {
    const event = tokenEvent('TokenGeneration_HostedAuth', 'no-profile-sub', 'Google_1', googleIdentities);
    await expect(handler(event)).resolves.toBe(event);
  });

  it("issues tokens to an administrator's own sign-in (password + code, new password, device, refresh) without a table read", async () => {
    for (const source of ['TokenGeneration_Authentication', 'TokenGeneration_NewPasswordChallenge', 'TokenGeneration_AuthenticateDevice', 'TokenGeneration_RefreshTokens']) {
      // The linked account keeps its identities attribute on native sign-ins too: it is not what decides.
      const event = tokenEvent(source, ADMIN_SUB, 'admin-user', googleIdentities);
      await expect(handler(event)).resolves.toBe(event);
    }
    expect(reads).toEqual([]);
  });

  it('issues tokens to an administrator signing in through Google on the demo stage (not enforced)', async () => {
    vi.stubEnv('ADMIN_MFA', '');
    const event = tokenEvent('TokenGeneration_HostedAuth', ADMIN_SUB, 'admin-user', googleIdentities);
    await expect(handler(event)).resolves.toBe(event);
    expect(reads).toEqual([]);
  });
});

describe('which sign-in a token came from', () => {
  it('an access token of the app sign-in carries aws.cognito.signin.user.admin', () => {
    expect(signInRouteOf({ token_use: 'access', scope: 'aws.cognito.signin.user.admin', sub: ADMIN_SUB })).toBe('native');
  });
  it('an access token of a hosted (OAuth) sign-in carries only the OAuth scopes', () => {
    expect(signInRouteOf({ token_use: 'access', scope: 'openid email profile', sub: ADMIN_SUB })).toBe('hosted');
    expect(signInRouteOf({ token_use: 'access', sub: ADMIN_SUB })).toBe('hosted');
    // A look-alike scope is not the scope.
    expect(signInRouteOf({ token_use: 'access', scope: 'openid aws.cognito.signin.user.admin.x' })).toBe('hosted');
  });
  it('an ID token or no claims cannot tell', () => {
    expect(signInRouteOf({ token_use: 'id', scope: 'aws.cognito.signin.user.admin' })).toBe('unknown');
    expect(signInRouteOf({})).toBe('unknown');
    expect(signInRouteOf(undefined)).toBe('unknown');
  });
});

describe('admin power by sign-in', () => {
  it('where enforced, an administrator has admin power only with the app sign-in', () => {
    expect(adminStanding({ admin: true, totpEnrolled: true, signIn: 'native' }, true)).toBe('admin');
    expect(adminStanding({ admin: true, totpEnrolled: true, signIn: 'hosted' }, true)).toBe('signInAgain');
    expect(adminStanding({ admin: true, totpEnrolled: true, signIn: 'unknown' }, true)).toBe('signInAgain');
    // Signing in again comes first: a hosted token cannot set up the authenticator app either.
    expect(adminStanding({ admin: true, signIn: 'hosted' }, true)).toBe('signInAgain');
  });
  it('not enforced (local, demo): any sign-in; a non-admin is never affected', () => {
    expect(adminStanding({ admin: true, signIn: 'hosted' }, false)).toBe('admin');
    expect(adminStanding({ admin: false, signIn: 'hosted' }, true)).toBe('none');
  });
  it('the refusal names the reason', () => {
    expect(adminRefusalMessage({ adminSignInNeeded: true })).toBe(ADMIN_FEDERATED_MESSAGE);
    expect(adminRefusalMessage({ adminMfaSetupNeeded: true })).toBe(ADMIN_MFA_MESSAGE);
    expect(adminRefusalMessage({})).toBeUndefined();
  });
  it('tokens: only a hosted sign-in of an administrator where enforced is refused', () => {
    expect(tokensAllowed({ admin: true, triggerSource: 'TokenGeneration_HostedAuth' }, true)).toBe(false);
    expect(tokensAllowed({ admin: true, triggerSource: 'TokenGeneration_Authentication' }, true)).toBe(true);
    expect(tokensAllowed({ admin: false, triggerSource: 'TokenGeneration_HostedAuth' }, true)).toBe(true);
    expect(tokensAllowed({ admin: true, triggerSource: 'TokenGeneration_HostedAuth' }, false)).toBe(true);
  });
});

describe('what /login shows after the hosted UI refused', () => {
  it("shows the administrators' message alone, whatever Cognito wraps around it", () => {
    const fromCognito = `PreTokenGeneration failed with error ${ADMIN_FEDERATED_MESSAGE}.`;
    expect(oauthFailureMessage(fromCognito)).toBe(`${ADMIN_FEDERATED_MESSAGE}.`);
  });
  it('other failures keep the generic form', () => {
    expect(oauthFailureMessage('invalid_grant')).toBe('Failed to sign in: invalid_grant');
    expect(oauthFailureMessage(undefined)).toBe('Failed to sign in: the provider did not complete the sign-in');
  });
});
