// The local key that signs unsubscribe links in alert mail: generated on the first start and kept
// in the data folder, so links in mail sent before a restart still work. Never a deployed key.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function localAlertKey(dataDir: string): string {
  const file = path.join(dataDir, 'alert-key.json');
  if (existsSync(file)) {
    const stored = (JSON.parse(readFileSync(file, 'utf8')) as { key?: string }).key;
    if (stored && stored.length >= 32) return stored;
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, JSON.stringify({ key }, null, 2), { mode: 0o600 });
  return key;
}

/** The environment lambdas/adapters/alerts/alert-key.ts reads locally. */
export const alertKeyEnv = (key: string) => ({ ALERT_SIGNING_KEY: key });
