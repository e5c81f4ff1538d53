import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoVerifier } from '../../../local/appsync/cognito-verifier';
import { CLIENT_ID, USER_POOL_ID, startTokenIssuer, type TokenIssuer } from './support';

describe('createCognitoVerifier', () => {
  let issuer: TokenIssuer;
  let verify: ReturnType<typeof createCognitoVerifier>;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    verify = createCognitoVerifier({ trust: { jwksUrl: issuer.jwksUrl }, userPoolId: USER_POOL_ID, clientId: CLIENT_ID });
  });
  afterAll(() => issuer.close());

  it('accepts an access token of our client and returns its claims', async () => {
    const jwt = await issuer.sign({ sub: 'user-1', username: 'alice', 'cognito:groups': ['admin'] });
    const claims = await verify(jwt);
    expect(claims).toMatchObject({ sub: 'user-1', username: 'alice', token_use: 'access', 'cognito:groups': ['admin'], iss: issuer.issuer });
  });

  it('accepts an id token whose audience is our client', async () => {
    const jwt = await issuer.sign({ sub: 'user-2', token_use: 'id', client_id: undefined, aud: CLIENT_ID, 'cognito:username': 'bob' });
    await expect(verify(jwt)).resolves.toMatchObject({ sub: 'user-2', token_use: 'id', 'cognito:username': 'bob' });
  });

  it('rejects a token signed with a key the pool does not publish', async () => {
    const jwt = await issuer.sign({ sub: 'user-1' }, { key: issuer.foreignKey });
    await expect(verify(jwt)).rejects.toThrow();
  });

  it('rejects an expired token', async () => {
    const jwt = await issuer.sign({ sub: 'user-1' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    await expect(verify(jwt)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('rejects tokens issued to another client', async () => {
    await expect(verify(await issuer.sign({ sub: 'u', client_id: 'someone-else' }))).rejects.toThrow(/another client/);
    await expect(verify(await issuer.sign({ sub: 'u', token_use: 'id', client_id: undefined, aud: 'someone-else' }))).rejects.toThrow(/another client/);
  });

  it('rejects a token from another user pool and a token that is neither access nor id', async () => {
    await expect(verify(await issuer.sign({ sub: 'u' }, { issuer: 'http://127.0.0.1:1/ap-southeast-2_Other' }))).rejects.toThrow(/user pool/);
    await expect(verify(await issuer.sign({ sub: 'u', token_use: 'refresh' }))).rejects.toThrow(/neither/);
  });
});
