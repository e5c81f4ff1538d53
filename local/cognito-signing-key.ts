// The key cognito-local signs its tokens with, made at each start. cognito-local ships one fixed
// RSA key in its npm package (lib/keys/cognitoLocal.*.json): anyone can read it and sign an
// administrator's token that a stack trusting that key would accept. Here the key is generated in
// memory on every start, handed to the cognito-local process through its environment, put in place
// of the shipped one in this process too (the CUSTOM_AUTH bridge signs with cognito-local's token
// generator), and it is the only key the local AppSync trusts.
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';

/** The environment variable that hands the key to local/cognito-local-main.cjs. */
export const SIGNING_KEY_ENV = 'COGNITO_LOCAL_SIGNING_KEY';

export interface SigningKey {
  kid: string;
  privatePem: string;
  publicPem: string;
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
}

export function createSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // cognito-local names its key "CognitoLocal" in every token it signs; only the key itself is new.
  const kid = 'CognitoLocal';
  const meta = { kid, alg: 'RS256', use: 'sig' };
  return {
    kid,
    privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), ...meta },
  };
}

const require = createRequire(import.meta.url);

/**
 * Puts the key in place of the one shipped in cognito-local's package, in this process. Its token
 * generator and JWKS route hold the very objects required here, so replacing their fields takes
 * effect whenever they were loaded.
 */
export function installSigningKey(key: SigningKey): void {
  Object.assign(require('cognito-local/lib/keys/cognitoLocal.private.json'), { pem: key.privatePem, jwk: key.privateJwk });
  Object.assign(require('cognito-local/lib/keys/cognitoLocal.public.json'), { pem: key.publicPem, jwk: key.publicJwk });
}
