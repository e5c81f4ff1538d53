// The key that signs quote ids. In AWS it is a Secrets Manager secret the stack generates (named by
// QUOTE_SECRET_ARN; JSON {key}); locally the runtime generates one per data folder and sets
// QUOTE_SIGNING_KEY. Read once per container.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let key: Promise<string> | undefined;

async function loadKey(): Promise<string> {
  const arn = process.env.QUOTE_SECRET_ARN;
  if (!arn) {
    const local = process.env.QUOTE_SIGNING_KEY;
    if (!local || local.length < 32) throw new Error('The quote signing key is not configured (QUOTE_SIGNING_KEY)');
    return local;
  }
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const stored = (JSON.parse(SecretString ?? '{}') as { key?: string }).key;
  if (!stored || stored.length < 32) throw new Error('The quote signing secret has no key');
  return stored;
}

export function quoteSigningKey(): Promise<string> {
  key ??= loadKey().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}
