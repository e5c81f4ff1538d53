// Local Stripe credentials: an API key for the emulator and the webhook signing secret, generated
// on the first start and kept in the data folder (a restart keeps verifying the emulator's
// signatures). Never real keys: the emulator accepts any well-formed test key.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalStripeKeys {
  secretKey: string;
  webhookSecret: string;
}

export function localStripeKeys(dataDir: string): LocalStripeKeys {
  const file = path.join(dataDir, 'stripe-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalStripeKeys>;
    if (stored.secretKey && stored.webhookSecret) return { secretKey: stored.secretKey, webhookSecret: stored.webhookSecret };
  }
  const keys = { secretKey: `sk_test_local_${randomBytes(12).toString('hex')}`, webhookSecret: `whsec_${randomBytes(24).toString('hex')}` };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** The environment lambdas/adapters/billing/stripe-client.ts reads locally. */
export const stripeKeysEnv = (keys: LocalStripeKeys) => ({ STRIPE_SECRET_KEY: keys.secretKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret });
