// What the local Cognito stand-in must do for the web client's real code path: sign-up with a
// confirmation code (delivered to the local outbox), the post-confirmation trigger creating the
// profile through the Lambda Invoke bridge, and refresh through GetTokensFromRefreshToken.
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, signIn, useStackTable } from '../support/api';

let cognito: CognitoIdentityProviderClient;
const stack = () => inject('stack');

beforeAll(() => {
  useStackTable();
  cognito = new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${stack().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

async function codeFromOutbox(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = (await (await fetch(`${stack().url}/dev/mail.json`)).json()) as { to: string; code?: string }[];
    const code = mail.find((m) => m.to === email)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation code for ${email} in the outbox`);
}

describe('sign-up on the local stack', () => {
  it('confirms with the emailed code and the trigger creates the profile that me reads', async () => {
    const email = `new.user.${Date.now()}@example.com`;
    await cognito.send(
      new SignUpCommand({
        ClientId: stack().userPoolClientId,
        Username: email,
        Password: 'Correct#Horse9',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Nova User' },
        ],
      }),
    );
    // Not confirmed yet: cannot sign in.
    await expect(signIn(email, 'Correct#Horse9')).rejects.toThrow();
    const code = await codeFromOutbox(email);
    expect(code).toMatch(/^\d{6}$/);
    const page = await (await fetch(`${stack().url}/dev/mail`)).text();
    expect(page).toContain(email);

    await cognito.send(new ConfirmSignUpCommand({ ClientId: stack().userPoolClientId, Username: email, ConfirmationCode: code }));
    const { accessToken } = await signIn(email, 'Correct#Horse9');
    const res = await gql<{ me: any }>(`query { me { uid email displayName admin staff managed { lgaCode } } }`, {}, { token: accessToken });
    expect(res.errors).toBeUndefined();
    expect(res.data!.me).toMatchObject({ email, displayName: 'Nova User', admin: false, staff: false, managed: [] });
    expect(res.data!.me.uid).toBe(decodeJwt(accessToken).sub);
  });

  it('refreshes tokens with GetTokensFromRefreshToken (the call aws-amplify ≥ 6.15.4 makes)', async () => {
    const { refreshToken, accessToken } = await signIn('resident@example.com');
    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: stack().userPoolClientId, RefreshToken: refreshToken }),
    );
    const newAccess = refreshed.AuthenticationResult?.AccessToken;
    expect(newAccess).toBeTruthy();
    expect(decodeJwt(newAccess!).sub).toBe(decodeJwt(accessToken).sub);
    const res = await gql<{ me: any }>(`query { me { email } }`, {}, { token: newAccess! });
    expect(res.data!.me.email).toBe('resident@example.com');
  });

  it('refuses a refresh with a made-up refresh token', async () => {
    await expect(
      cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack().userPoolClientId, RefreshToken: 'not-a-token' })),
    ).rejects.toThrow();
  });
});
