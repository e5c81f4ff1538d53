// Web Push (VAPID) to a user's registered browsers (DESIGN §5: USER#{uid} / PUSH#{endpointHash}).
// Endpoints the push service reports gone (HTTP 404/410) are removed.
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { db } from './db/db';

export interface PushKeys {
  p256dh: string;
  auth: string;
}

export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** VAPID keys from the environment (a secret in AWS); without them Web Push is off. */
let fromSecret: Promise<VapidConfig | undefined> | undefined;

/**
 * The VAPID keys: plain environment values where set (local runtime), else the Secrets Manager
 * secret named by VAPID_SECRET_ARN (AWS), read once per container. Push stays off while the
 * secret still holds its placeholder.
 */
export async function vapidConfig(): Promise<VapidConfig | undefined> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject, VAPID_SECRET_ARN: secretArn } = process.env;
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subject ?? DEFAULT_SUBJECT };
  if (!secretArn) return undefined;
  fromSecret ??= readVapidSecret(secretArn).catch(() => {
    fromSecret = undefined; // try again on the next call rather than caching a failure
    return undefined;
  });
  return fromSecret;
}

const DEFAULT_SUBJECT = 'mailto:support@example.com';

async function readVapidSecret(secretArn: string): Promise<VapidConfig | undefined> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn }));
  const secret = JSON.parse(SecretString ?? '{}') as { publicKey?: string; privateKey?: string; subject?: string };
  if (!secret.publicKey || !secret.privateKey) return undefined;
  return { publicKey: secret.publicKey, privateKey: secret.privateKey, subject: secret.subject || DEFAULT_SUBJECT };
}

export async function registerPushSubscription(uid: string, endpoint: string, keys: PushKeys, userAgent?: string): Promise<void> {
  await db().entities.pushSubscription.put({ uid, endpointHash: endpointHash(endpoint), endpoint, keys, userAgent }).go();
}

export async function revokePushSubscription(uid: string, endpoint: string): Promise<void> {
  await db().entities.pushSubscription.delete({ uid, endpointHash: endpointHash(endpoint) }).go();
}

export interface PushPayload {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

/** Sends to every device of the users; returns how many deliveries the push services accepted. */
export async function sendWebPush(uids: readonly string[], payload: PushPayload, vapid: VapidConfig): Promise<{ sent: number; removed: number }> {
  let sent = 0;
  let removed = 0;
  const body = JSON.stringify(payload);
  for (const uid of uids) {
    const { data: devices } = await db().entities.pushSubscription.query.byUser({ uid }).go({ pages: 'all' });
    await Promise.all(
      devices.map(async (device) => {
        try {
          await webpush.sendNotification({ endpoint: device.endpoint, keys: device.keys as PushKeys }, body, {
            vapidDetails: vapid,
            TTL: 3600,
            timeout: 10_000,
          });
          sent++;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await db().entities.pushSubscription.delete({ uid, endpointHash: device.endpointHash }).go();
            removed++;
            return;
          }
          throw error;
        }
      }),
    );
  }
  return { sent, removed };
}
