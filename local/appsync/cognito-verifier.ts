import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK } from 'jose';
import type { CognitoIdentityClaims } from './types';

export interface CognitoVerifierOptions {
  /**
   * The keys tokens may be signed with: this start's own public key (local/cognito-signing-key.ts)
   * or a JWKS address (cognito-local serves one at `${endpoint}/${userPoolId}/.well-known/jwks.json`).
   */
  trust: { publicKeys: JWK[] } | { jwksUrl: string };
  userPoolId: string;
  /** The app client the tokens must have been issued to. */
  clientId: string;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/**
 * Checks a user-pool JWT the way AppSync does for Cognito auth: RS256 signature from the pool's
 * JWKS, not expired, an access or id token of our app client, issued by our pool. The issuer's
 * host is not compared because cognito-local's differs by how it is reached.
 */
export function createCognitoVerifier({ trust, userPoolId, clientId }: CognitoVerifierOptions) {
  const keys = 'publicKeys' in trust ? createLocalJWKSet({ keys: trust.publicKeys }) : createRemoteJWKSet(new URL(trust.jwksUrl));

  return async function verifyToken(jwt: string): Promise<CognitoIdentityClaims> {
    const { payload } = await jwtVerify(jwt, keys, {
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iss', 'sub', 'token_use'],
    });
    if (typeof payload.iss !== 'string' || !payload.iss.endsWith(`/${userPoolId}`)) {
      throw new InvalidTokenError('Token was not issued by this user pool');
    }
    if (payload.token_use === 'access') {
      if (payload.client_id !== clientId) throw new InvalidTokenError('Token was issued to another client');
    } else if (payload.token_use === 'id') {
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audiences.includes(clientId)) throw new InvalidTokenError('Token was issued to another client');
    } else {
      throw new InvalidTokenError('Token is neither an access nor an id token');
    }
    return payload as CognitoIdentityClaims;
  };
}
