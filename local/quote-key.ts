// The local key that signs quote ids: generated on the first start and kept in the data folder, so
// quotes made before a restart still open. Never a deployed key: AWS generates its own secret.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function localQuoteKey(dataDir: string): string {
  const file = path.join(dataDir, 'quote-key.json');
  if (existsSync(file)) {
    const stored = (JSON.parse(readFileSync(file, 'utf8')) as { key?: string }).key;
    if (stored && stored.length >= 32) return stored;
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, JSON.stringify({ key }, null, 2), { mode: 0o600 });
  return key;
}

/** The environment lambdas/adapters/billing/quote-key.ts reads locally. */
export const quoteKeyEnv = (key: string) => ({ QUOTE_SIGNING_KEY: key });
