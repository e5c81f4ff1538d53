// A key that signs what the app hands out and later checks (quote ids, unsubscribe links). In AWS a
// Secrets Manager secret the stack generates (its ARN in one variable; JSON {key}); locally the
// runtime keeps one per data folder in another variable. Read once per container; a failed read
// is tried again on the next call.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface SigningKeySource {
  /** What the key signs, for the errors: "quote", "alert". */
  what: string;
  arnVariable: string;
  localVariable: string;
}

async function loadKey({ what, arnVariable, localVariable }: SigningKeySource): Promise<string> {
  const arn = process.env[arnVariable];
  if (!arn) {
    const local = process.env[localVariable];
    if (!local || local.length < 32) throw new Error(`The ${what} signing key is not configured (${localVariable})`);
    return local;
  }
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const stored = (JSON.parse(SecretString ?? '{}') as { key?: string }).key;
  if (!stored || stored.length < 32) throw new Error(`The ${what} signing secret has no key`);
  return stored;
}

/** The key's reader, cached per container. */
export function signingKey(source: SigningKeySource): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () => {
    key ??= loadKey(source).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
