// The key that signs unsubscribe links. In AWS a Secrets Manager secret the stack generates (named
// by ALERT_SECRET_ARN; JSON {key}); locally the runtime keeps one per data folder and sets
// ALERT_SIGNING_KEY. Read once per container.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let key: Promise<string> | undefined;

async function loadKey(): Promise<string> {
  const arn = process.env.ALERT_SECRET_ARN;
  if (!arn) {
    const local = process.env.ALERT_SIGNING_KEY;
    if (!local || local.length < 32) throw new Error('The alert signing key is not configured (ALERT_SIGNING_KEY)');
    return local;
  }
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const stored = (JSON.parse(SecretString ?? '{}') as { key?: string }).key;
  if (!stored || stored.length < 32) throw new Error('The alert signing secret has no key');
  return stored;
}

export function alertSigningKey(): Promise<string> {
  key ??= loadKey().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}
