// The local AppSync trusts only the key cognito-local signs with at this start. cognito-local ships
// a fixed key in its npm package that anyone can read: an administrator's token signed with it is
// refused, by the API and by the Cognito endpoint, while a real sign-in's tokens are accepted.
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { CognitoIdentityProviderClient, GetUserCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, signIn } from '../support/api';

const CUSTOMERS = `query { customers { lgaCode } }`;
const shipped = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
) as { pem: string; jwk: { kid: string; n: string } };

let adminToken: string;

beforeAll(async () => {
  adminToken = (await signIn('admin@example.com')).idToken;
});

/** The admin's own claims, signed with the key from cognito-local's package. */
async function forgedWithShippedKey(token: string): Promise<string> {
  const claims = decodeJwt(token);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: shipped.jwk.kid })
    .sign(createPrivateKey(shipped.pem));
}

describe('the local signing key', () => {
  it('accepts the real admin token', async () => {
    const res = await gql<{ customers: unknown[] }>(CUSTOMERS, {}, { token: adminToken });
    expect(res.errors).toBeUndefined();
  });

  it('refuses an admin token signed with the key published in cognito-local\'s package', async () => {
    const forged = await forgedWithShippedKey(adminToken);
    const res = await gql(CUSTOMERS, {}, { token: forged });
    expect(res.status).toBe(401);
    expect(res.data?.customers).toBeUndefined();
    // The same for an access token.
    const access = await forgedWithShippedKey((await signIn('admin@example.com')).accessToken);
    expect((await gql(CUSTOMERS, {}, { token: access })).status).toBe(401);
  });

  it('refuses a forged access token at the Cognito endpoint too (GetUser, UpdateUserAttributes)', async () => {
    const stack = inject('stack');
    const cognito = new CognitoIdentityProviderClient({
      region: 'ap-southeast-2',
      endpoint: `http://127.0.0.1:${stack.ports.cognito}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const real = (await signIn('admin@example.com')).accessToken;
    const forged = await forgedWithShippedKey(real);
    await expect(cognito.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      cognito.send(new UpdateUserAttributesCommand({ AccessToken: forged, UserAttributes: [{ Name: 'name', Value: 'Mallory' }] })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const user = await cognito.send(new GetUserCommand({ AccessToken: real }));
    expect(user.UserAttributes?.find((a) => a.Name === 'name')?.Value).not.toBe('Mallory');
  });

  it('does not serve the shipped key in cognito-local\'s JWKS', async () => {
    const stack = inject('stack');
    const { userPoolId } = stack;
    const jwks = (await (await fetch(`http://127.0.0.1:${stack.ports.cognitoInternal}/${userPoolId}/.well-known/jwks.json`)).json()) as { keys: { n: string; kid: string }[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0].n).not.toBe(shipped.jwk.n);
    expect(jwks.keys[0].kid).toBe(decodeProtectedHeader(adminToken).kid);
    // A fresh key is 2048-bit RSA like the one it replaces.
    expect(Buffer.from(jwks.keys[0].n, 'base64url')).toHaveLength(256);
  });
});
