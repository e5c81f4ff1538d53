// Administrators and the authenticator app on the local stack: an administrator without a
// recorded TOTP enrolment is refused an admin operation where the app is enforced (the
// resolvers run in this worker with ADMIN_MFA=required, against the stack's table); the app is
// set up through the Cognito API with codes computed from the secret (RFC 6238), recorded by
// refreshMfaStatus through the API, and from then on the admin operation answers and password
// sign-in asks for the code. An email link never signs an administrator in where enforced.
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AppSyncResolverEvent, Context, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_FEDERATED_MESSAGE, ADMIN_MFA_MESSAGE, NATIVE_SIGN_IN_SCOPE } from '../../../lambdas/core/identity/mfa';
import { hashSecret, newSecret } from '../../../lambdas/core/identity/email-link';
import { storeSecret } from '../../../lambdas/adapters/identity/secrets';
import { db } from '../../../lambdas/adapters/db/db';
import { handler as adminHandler } from '../../../lambdas/api/admin/handler';
import { handler as foundationHandler } from '../../../lambdas/api/foundation/handler';
import { handler as verifyChallenge } from '../../../lambdas/triggers/verify-auth-challenge';
import { DEMO_PASSWORD, gql, useStackTable } from '../../support/api';
import { totp } from '../../support/totp';
import { createUser, type TestUser } from '../identity/support';

const stack = () => inject('stack');
const context = { functionName: 'admin', awsRequestId: '1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const REFRESH = 'mutation { refreshMfaStatus { totpEnrolled admin enforced } }';

function cognito() {
  return new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${stack().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Runs with administrators' MFA enforced, as every AWS stage but demo does. */
async function enforced<T>(run: () => Promise<T>): Promise<T> {
  const previous = process.env.ADMIN_MFA;
  process.env.ADMIN_MFA = 'required';
  try {
    return await run();
  } finally {
    if (previous === undefined) delete process.env.ADMIN_MFA;
    else process.env.ADMIN_MFA = previous;
  }
}

/** The claims AppSync hands the resolver: those of the user's access token from the local user pool's own sign-in. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

function resolverEvent(user: TestUser, parentTypeName: string, fieldName: string, args: Record<string, unknown> = {}, claims = claimsOf(user.token)) {
  return { arguments: args, identity: { sub: user.uid, username: user.uid, claims }, info: { fieldName, parentTypeName }, source: null, request: { headers: {} } } as unknown as AppSyncResolverEvent<Record<string, unknown>>;
}

/** Sets up the authenticator app as the Security screen does; returns the secret. */
async function enrolTotp(accessToken: string): Promise<string> {
  const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  expect(SecretCode).toMatch(/^[A-Z2-7]+=*$/);
  const verified = await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totp(SecretCode!) }));
  expect(verified.Status).toBe('SUCCESS');
  await cognito().send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return SecretCode!;
}

beforeAll(() => useStackTable());

describe('an administrator without an authenticator app', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser({ admin: true });
  });

  it('is refused admin operations where enforced, and told to set the app up', async () => {
    await enforced(async () => {
      await expect(adminHandler(resolverEvent(admin, 'Query', 'enquiries', { limit: 5 }), context)).rejects.toMatchObject({
        name: 'Forbidden',
        message: ADMIN_MFA_MESSAGE,
      });
      const me = (await foundationHandler(resolverEvent(admin, 'Query', 'me'), context)) as { admin: boolean; adminMfaRequired: boolean };
      expect(me).toMatchObject({ admin: false, adminMfaRequired: true });
    });
    // Not enforced (local stack default): the same admin is one.
    const page = await gql('query { enquiries(limit: 5) { items { id } } }', {}, { token: admin.token });
    expect(page.errors).toBeUndefined();
  });

  it('sets the app up with a computed code, is recorded, and then passes; password sign-in asks for the code', async () => {
    const secret = await enrolTotp(admin.token);
    const status = await gql<{ refreshMfaStatus: { totpEnrolled: boolean; admin: boolean } }>(REFRESH, {}, { token: admin.token });
    expect(status.data?.refreshMfaStatus).toMatchObject({ totpEnrolled: true, admin: true });
    expect((await db().entities.user.get({ uid: admin.uid }).go()).data?.totpEnrolled).toBe(true);

    await enforced(async () => {
      const page = (await adminHandler(resolverEvent(admin, 'Query', 'enquiries', { limit: 5 }), context)) as { items: unknown[] };
      expect(Array.isArray(page.items)).toBe(true);
      const me = (await foundationHandler(resolverEvent(admin, 'Query', 'me'), context)) as { admin: boolean; adminMfaRequired: boolean };
      expect(me).toMatchObject({ admin: true, adminMfaRequired: false });
      // The app's own sign-in is what the token says: Cognito's API scope.
      expect(String(claimsOf(admin.token).scope).split(' ')).toContain(NATIVE_SIGN_IN_SCOPE);
      // The same administrator with a token from the hosted UI (Google, Microsoft, Facebook: no second factor) has no admin power.
      const hosted = { ...claimsOf(admin.token), scope: 'openid email profile' };
      await expect(adminHandler(resolverEvent(admin, 'Query', 'enquiries', { limit: 5 }, hosted), context)).rejects.toMatchObject({
        name: 'Forbidden',
        message: ADMIN_FEDERATED_MESSAGE,
      });
      const hostedMe = (await foundationHandler(resolverEvent(admin, 'Query', 'me', {}, hosted), context)) as { admin: boolean };
      expect(hostedMe.admin).toBe(false);
    });

    const start = await cognito().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: admin.email, PASSWORD: DEMO_PASSWORD } }),
    );
    expect(start.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(start.AuthenticationResult).toBeUndefined();
    const answer = (code: string) =>
      cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: stack().userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: start.Session,
          ChallengeResponses: { USERNAME: admin.email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await expect(answer(wrong)).rejects.toThrow();
    const done = await answer(totp(secret));
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe('email-link sign-in', () => {
  it('never signs an administrator in where enforced, even with the right link', async () => {
    const admin = await createUser({ admin: true });
    const secret = newSecret();
    await storeSecret(admin.uid, 'link', hashSecret(secret), 900);
    const event = () =>
      ({
        request: { userAttributes: { sub: admin.uid, email: admin.email }, challengeAnswer: secret, clientMetadata: {}, privateChallengeParameters: {} },
        response: {},
      }) as unknown as VerifyAuthChallengeResponseTriggerEvent;
    const refused = await enforced(() => verifyChallenge(event()));
    expect(refused.response.answerCorrect).toBe(false);
    // The same link works where administrators' MFA is not enforced (the link was not used up).
    expect((await verifyChallenge(event())).response.answerCorrect).toBe(true);
  });
});

describe('a staff member', () => {
  it('may turn the app on and off; the profile follows the user pool', async () => {
    const staff = await createUser({ manages: [{ lgaCode: '12850', roles: ['closure_administrator'] }] });
    await enrolTotp(staff.token);
    const on = await gql<{ refreshMfaStatus: { totpEnrolled: boolean; admin: boolean } }>(REFRESH, {}, { token: staff.token });
    expect(on.data?.refreshMfaStatus).toMatchObject({ totpEnrolled: true, admin: false });
    await cognito().send(new SetUserMFAPreferenceCommand({ AccessToken: staff.token, SoftwareTokenMfaSettings: { Enabled: false } }));
    const off = await gql<{ refreshMfaStatus: { totpEnrolled: boolean } }>(REFRESH, {}, { token: staff.token });
    expect(off.data?.refreshMfaStatus.totpEnrolled).toBe(false);
    expect((await db().entities.user.get({ uid: staff.uid }).go()).data?.totpEnrolled).toBe(false);
  });
});
