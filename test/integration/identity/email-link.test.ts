// Email-link sign-in with the real aws-amplify v6 client in node, against the local Cognito
// proxy exactly as the web app will run it against AWS: CUSTOM_WITHOUT_SRP, the CHOOSE round,
// the link read from the local outbox (/dev/mail.json), tokens that the API accepts, and a
// refresh of the session.
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { decodeJwt } from 'jose';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashSecret } from '../../../lambdas/core/identity/email-link';
import { storeSecret } from '../../../lambdas/adapters/identity/secrets';
import { gql, useStackTable } from '../../support/api';
import { createUser, outboxFor, unique } from './support';

const stack = () => inject('stack');
const CUSTOM = { authFlowType: 'CUSTOM_WITHOUT_SRP' as const };
const REQUEST_LINK = (redirect: string) => ({ challengeResponse: 'REQUEST_LINK', options: { clientMetadata: { action: 'REQUEST_LINK', redirect } } });

async function linkFor(email: string) {
  const mail = (await outboxFor(email))[0];
  expect(mail, `a sign-in mail to ${email}`).toBeDefined();
  const url = new URL(mail.body.match(/https?:\/\/\S+/)![0]);
  return { url, code: url.searchParams.get('code')!, mail };
}

async function meWith(accessToken: string) {
  return gql<{ me: { uid: string; email: string } }>('query { me { uid email } }', {}, { token: accessToken });
}

beforeAll(() => {
  useStackTable();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: stack().userPoolId,
        userPoolClientId: stack().userPoolClientId,
        userPoolEndpoint: `http://127.0.0.1:${stack().ports.cognito}`,
        loginWith: { email: true },
      },
    },
  });
});

afterEach(async () => {
  await signOut().catch(() => undefined);
});

describe('email-link sign-in with aws-amplify v6', () => {
  it('requests a link, signs in with its code, calls the API and refreshes the session', async () => {
    const user = await createUser({});
    const first = await signIn({ username: user.email, options: CUSTOM });
    expect(first.nextStep).toMatchObject({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { step: 'CHOOSE' } });
    expect(await outboxFor(user.email)).toHaveLength(0);

    const asked = await confirmSignIn(REQUEST_LINK('/closures?view=active'));
    expect(asked.nextStep).toMatchObject({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { step: 'LINK_SENT' } });
    const { url, code, mail } = await linkFor(user.email);
    expect(mail.subject).toBe('Your sign-in link for Road Closures');
    expect(url.origin).toBe(stack().url);
    expect(url.pathname).toBe('/signin-link');
    expect(url.searchParams.get('email')).toBe(user.email);
    expect(url.searchParams.get('redirect')).toBe('/closures?view=active');
    expect(mail.code).toBe(code);

    const done = await confirmSignIn({ challengeResponse: code });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const session = await fetchAuthSession();
    const accessToken = session.tokens!.accessToken.toString();
    expect(session.tokens!.idToken!.payload.email).toBe(user.email);
    expect(decodeJwt(accessToken).sub).toBe(user.uid);
    const me = await meWith(accessToken);
    expect(me.errors).toBeUndefined();
    expect(me.data!.me).toEqual({ uid: user.uid, email: user.email });

    // The web client refreshes through GetTokensFromRefreshToken; the bridge's refresh token works.
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    const newAccess = refreshed.tokens!.accessToken.toString();
    expect(newAccess).not.toBe(accessToken);
    expect(decodeJwt(newAccess).sub).toBe(user.uid);
    expect((await meWith(newAccess)).data!.me.email).toBe(user.email);
  });

  it('signs in from the link in a new tab: a fresh sign-in answered with the code at once', async () => {
    const user = await createUser({});
    await signIn({ username: user.email, options: CUSTOM });
    await confirmSignIn(REQUEST_LINK('/dashboard'));
    await signOut(); // the tab that asked is gone
    const { code } = await linkFor(user.email);

    const fresh = await signIn({ username: user.email.toUpperCase(), options: CUSTOM });
    expect(fresh.nextStep).toMatchObject({ additionalInfo: { step: 'CHOOSE' } });
    const done = await confirmSignIn({ challengeResponse: code });
    expect(done.isSignedIn).toBe(true);
    expect((await meWith((await fetchAuthSession()).tokens!.accessToken.toString())).data!.me.uid).toBe(user.uid);
  });

  it('accepts a link once only', async () => {
    const user = await createUser({});
    await signIn({ username: user.email, options: CUSTOM });
    await confirmSignIn(REQUEST_LINK('/'));
    const { code } = await linkFor(user.email);
    expect((await confirmSignIn({ challengeResponse: code })).isSignedIn).toBe(true);
    await signOut();

    await signIn({ username: user.email, options: CUSTOM });
    const again = await confirmSignIn({ challengeResponse: code });
    expect(again).toMatchObject({ isSignedIn: false, nextStep: { additionalInfo: { step: 'RETRY' } } });
  });

  it('refuses an expired link and fails the sign-in after too many wrong answers', async () => {
    const user = await createUser({});
    const secret = `expired-${unique()}`;
    await storeSecret(user.uid, 'link', hashSecret(secret), -1);
    await signIn({ username: user.email, options: CUSTOM });
    expect((await confirmSignIn({ challengeResponse: secret })).isSignedIn).toBe(false);
    expect((await confirmSignIn({ challengeResponse: 'guess-1' })).isSignedIn).toBe(false);
    expect((await confirmSignIn({ challengeResponse: 'guess-2' })).isSignedIn).toBe(false);
    await expect(confirmSignIn({ challengeResponse: 'guess-3' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('sends one link per 30 seconds, and nothing at all to an unknown address (which looks the same)', async () => {
    const user = await createUser({});
    for (let i = 0; i < 2; i++) {
      await signIn({ username: user.email, options: CUSTOM });
      await confirmSignIn(REQUEST_LINK('/'));
      await signOut();
    }
    expect(await outboxFor(user.email)).toHaveLength(1);

    const stranger = `nobody.${unique()}@example.com`;
    const first = await signIn({ username: stranger, options: CUSTOM });
    expect(first.nextStep).toMatchObject({ additionalInfo: { step: 'CHOOSE' } });
    const asked = await confirmSignIn(REQUEST_LINK('/'));
    expect(asked.nextStep).toMatchObject({ additionalInfo: { step: 'LINK_SENT' } });
    expect(await outboxFor(stranger)).toHaveLength(0);
  });

  it('refreshes a bridge session with InitiateAuth REFRESH_TOKEN_AUTH too, and refuses unknown tokens', async () => {
    const user = await createUser({});
    await signIn({ username: user.email, options: CUSTOM });
    await confirmSignIn(REQUEST_LINK('/'));
    await confirmSignIn({ challengeResponse: (await linkFor(user.email)).code });
    const session = await fetchAuthSession();
    const cognito = new CognitoIdentityProviderClient({
      region: 'ap-southeast-2',
      endpoint: `http://127.0.0.1:${stack().ports.cognito}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    // aws-amplify keeps the refresh token to itself; read it the way it stores it.
    const refreshToken = await refreshTokenOf(user.uid);
    const result = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    expect(decodeJwt(result.AuthenticationResult!.AccessToken!).sub).toBe(user.uid);
    expect(decodeJwt(result.AuthenticationResult!.IdToken!).email).toBe(session.tokens!.idToken!.payload.email);
    await expect(
      cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { REFRESH_TOKEN: `${refreshToken}x` } })),
    ).rejects.toThrow();
  });
});

async function refreshTokenOf(username: string): Promise<string> {
  const { defaultStorage } = await import('aws-amplify/utils');
  const key = `CognitoIdentityServiceProvider.${stack().userPoolClientId}.${username}.refreshToken`;
  const token = await defaultStorage.getItem(key);
  if (!token) throw new Error(`no refresh token stored under ${key}`);
  return token;
}
