// Local VAPID keys for Web Push: generated on the first start and kept in the data folder, so
// browsers that subscribed keep working across restarts (a new key pair would orphan them).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface LocalVapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SUBJECT = 'mailto:support@example.com';

export function localVapidKeys(dataDir: string): LocalVapid {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalVapid>;
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: stored.subject || SUBJECT };
  }
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const keys = { publicKey, privateKey, subject: SUBJECT };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** The environment the push consumer and pushPublicKey read (lambdas/adapters/notifications/push.ts). */
export const vapidEnv = (keys: LocalVapid) => ({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: keys.subject });
