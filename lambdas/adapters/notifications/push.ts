// Web Push (VAPID) to a user's registered browsers (docs/data.md#entities: USER#{uid} /
// PUSH#{endpointHash}). Endpoints the push service reports gone (HTTP 404/410) are removed.
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { db } from '../db/db';
import { deviceOutcome, forEachBounded, MAX_PUSH_DEVICES_PER_USER, PUSH_USER_CONCURRENCY } from '../../core/notifications/push-devices';

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

/** Registers a browser; past MAX_PUSH_DEVICES_PER_USER the least recently registered ones make room, in one transaction. */
export async function registerPushSubscription(uid: string, endpoint: string, keys: PushKeys, userAgent?: string): Promise<void> {
  const hash = endpointHash(endpoint);
  const { data: devices } = await db().entities.pushSubscription.query.byUser({ uid }).go({ pages: 'all', attributes: ['endpointHash', 'updatedAt'] });
  const others = devices.filter((d) => d.endpointHash !== hash).sort((a, b) => (a.updatedAt ?? 0) - (b.updatedAt ?? 0));
  const evicted = others.slice(0, Math.max(0, others.length - (MAX_PUSH_DEVICES_PER_USER - 1)));
  const item = { uid, endpointHash: hash, endpoint, keys, userAgent };
  if (evicted.length === 0) {
    await db().entities.pushSubscription.put(item).go();
    return;
  }
  await db()
    .transaction.write(({ pushSubscription }) => [
      ...evicted.map((d) => pushSubscription.delete({ uid, endpointHash: d.endpointHash }).commit()),
      pushSubscription.put(item).commit(),
    ])
    .go();
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

export interface PushResult {
  sent: number;
  /** Devices dropped: gone (404/410) or failing MAX_PUSH_FAILURES times in a row. */
  removed: number;
  /** Sends that failed this time (the device backs off and is tried again later). */
  failed: number;
}

export interface WebPushResult extends PushResult {
  /** People whose devices could not be read (a throttled or failed read): nothing was sent to them. */
  unreached: string[];
}

/**
 * Sends to every device of the users, PUSH_USER_CONCURRENCY users at a time. Each device stands
 * alone: a failure is counted on that device (back-off, then dropped), never thrown, so every
 * other device still gets its message and a retry of the event cannot double-send to them. A
 * person whose devices cannot be read is named in `unreached`, so the caller can give their claim
 * back and fail the event for its retry (docs/alerts.md#exactly-once).
 */
export async function sendWebPush(uids: readonly string[], payload: PushPayload, vapid: VapidConfig): Promise<WebPushResult> {
  const result: WebPushResult = { sent: 0, removed: 0, failed: 0, unreached: [] };
  const body = JSON.stringify(payload);
  const now = Math.floor(Date.now() / 1000);
  await forEachBounded(uids, PUSH_USER_CONCURRENCY, async (uid) => {
    const devices = await db()
      .entities.pushSubscription.query.byUser({ uid })
      .go({ pages: 'all' })
      .then(({ data }) => data, () => undefined);
    if (!devices) {
      result.unreached.push(uid);
      return;
    }
    await Promise.all(
      devices
        .filter((device) => !device.retryAfter || device.retryAfter <= now)
        .map(async (device) => {
          let error: unknown;
          try {
            await webpush.sendNotification({ endpoint: device.endpoint, keys: device.keys as PushKeys }, body, { vapidDetails: vapid, TTL: 3600, timeout: 10_000 });
          } catch (caught) {
            error = caught ?? new Error('push failed');
          }
          const outcome = deviceOutcome(error, device.failures ?? 0, now);
          const key = { uid, endpointHash: device.endpointHash };
          try {
            if (outcome.kind === 'sent') {
              result.sent++;
              if (device.failures) await db().entities.pushSubscription.patch(key).remove(['failures', 'retryAfter']).go();
            } else if (outcome.kind === 'gone' || outcome.drop) {
              result.removed++;
              if (outcome.kind !== 'gone') result.failed++;
              await db().entities.pushSubscription.delete(key).go();
            } else {
              result.failed++;
              await db().entities.pushSubscription.patch(key).set({ failures: outcome.failures, retryAfter: outcome.retryAfter }).go();
            }
          } catch (bookkeeping) {
            // The device was revoked meanwhile; the next send sees the table as it is.
            console.warn('push device bookkeeping failed', (bookkeeping as Error).name);
          }
        }),
    );
  });
  return result;
}
