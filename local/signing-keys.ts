// The local keys that sign what the app hands out (quote ids, the unsubscribe links of alert mail):
// each generated on the first start and kept in the data folder, so a quote made or a mail sent
// before a restart still works. Never a deployed key: AWS generates its own secrets.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function localSigningKey(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}-key.json`);
  if (existsSync(file)) {
    const stored = (JSON.parse(readFileSync(file, 'utf8')) as { key?: string }).key;
    if (stored && stored.length >= 32) return stored;
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, JSON.stringify({ key }, null, 2), { mode: 0o600 });
  return key;
}

/** The environment lambdas/adapters/billing/quote-key.ts and lambdas/adapters/alerts/alert-key.ts read locally. */
export function signingKeysEnv(dataDir: string): Record<string, string> {
  return { QUOTE_SIGNING_KEY: localSigningKey(dataDir, 'quote'), ALERT_SIGNING_KEY: localSigningKey(dataDir, 'alert') };
}
