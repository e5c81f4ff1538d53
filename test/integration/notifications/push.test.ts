// Web Push: devices registered through the API get an encrypted VAPID push for closure events
// (a local HTTPS server stands in for the push service); gone devices (410) are removed; the
// user's push setting is respected; a person whose devices cannot be read is pushed by the retry,
// and nobody else of their group twice.
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { browserKeys, createForbesClosure, FORBES, freshUser, ok, Q, selfSignedCert, type TestUser } from './support';

const received: { path: string; headers: Record<string, unknown>; bytes: number }[] = [];
let server: https.Server;
let base: string;
let staff: Auth;

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  server = https.createServer(selfSignedCert(), (req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const vapid = webpush.generateVAPIDKeys();
  Object.assign(process.env, { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:test@example.com' });
  // The stand-in push service has a self-signed certificate (this worker only).
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
});

afterAll(async () => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  await new Promise((resolve) => server?.close(resolve));
});

const REGISTER = `mutation($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) }`;

async function register(user: TestUser, endpoint: string) {
  await ok(REGISTER, { input: { endpoint, keys: browserKeys(), userAgent: 'test' } }, user.auth);
}

const changed = (closureId: string): DomainEvent => ({ id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), detail: { closureId, lgaCode: FORBES } });

describe('web push', () => {
  it('pushes an encrypted message to each device and removes the ones that are gone', async () => {
    const user = await freshUser('push');
    const closure = await createForbesClosure(staff);
    await ok(Q.subscribeToClosure, { id: closure.id }, user.auth);
    const okPath = `/ok/${randomUUID()}`;
    const gonePath = `/gone/${randomUUID()}`;
    await register(user, `${base}${okPath}`);
    await register(user, `${base}${gonePath}`);

    const { pushFor } = await import('../../../lambdas/events/push');
    const result = await pushFor(changed(closure.id));
    expect(result).toEqual({ sent: 1, removed: 1, failed: 0 });
    const delivered = received.find((r) => r.path === okPath)!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered.headers.authorization)).toMatch(/^vapid t=/);
    expect(delivered.bytes).toBeGreaterThan(0);

    const { db } = await import('../../../lambdas/adapters/db/db');
    const { data: devices } = await db().entities.pushSubscription.query.byUser({ uid: user.uid }).go();
    expect(devices.map((d) => d.endpoint)).toEqual([`${base}${okPath}`]);
  });

  it('pushes once per event: the same event delivered again, or twice at once, pushes nothing more', async () => {
    const user = await freshUser('push-once');
    const closure = await createForbesClosure(staff);
    await ok(Q.subscribeToClosure, { id: closure.id }, user.auth);
    const path = `/ok/${randomUUID()}`;
    await register(user, `${base}${path}`);
    const { pushFor } = await import('../../../lambdas/events/push');
    const event = changed(closure.id);
    expect(await pushFor(event)).toMatchObject({ sent: 1 });
    expect((await Promise.all([pushFor(event), pushFor(event)])).map((r) => r.sent)).toEqual([0, 0]);
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
    // A new event pushes again.
    expect(await pushFor(changed(closure.id))).toMatchObject({ sent: 1 });
    expect(received.filter((r) => r.path === path)).toHaveLength(2);
  });

  it("one person's devices unreadable: the event fails for the retry, which pushes them once and nobody twice", async () => {
    const [unlucky, other] = await Promise.all([freshUser('push-unread'), freshUser('push-read')]);
    const closure = await createForbesClosure(staff);
    const paths = { unlucky: `/ok/${randomUUID()}`, other: `/ok/${randomUUID()}` };
    for (const [user, path] of [[unlucky, paths.unlucky], [other, paths.other]] as const) {
      await ok(Q.subscribeToClosure, { id: closure.id }, user.auth);
      await register(user, `${base}${path}`);
    }
    const { pushFor } = await import('../../../lambdas/events/push');
    const { db } = await import('../../../lambdas/adapters/db/db');
    const devices = db().entities.pushSubscription.query;
    const byUser = devices.byUser.bind(devices);
    // The first read of the unlucky person's devices fails (a throttled read), every other works.
    let failed = false;
    const spy = vi.spyOn(devices, 'byUser').mockImplementation(((key: { uid: string }) => {
      if (key.uid === unlucky.uid && !failed) {
        failed = true;
        return { go: () => Promise.reject(new Error('ProvisionedThroughputExceededException')) };
      }
      return byUser(key);
    }) as never);
    try {
      const event = changed(closure.id);
      await expect(pushFor(event)).rejects.toThrow();
      // SNS delivers the event again.
      await pushFor(event);
      await pushFor(event);
    } finally {
      spy.mockRestore();
    }
    expect(received.filter((r) => r.path === paths.unlucky)).toHaveLength(1);
    expect(received.filter((r) => r.path === paths.other)).toHaveLength(1);
  });

  it('respects push turned off, and revoking removes the device', async () => {
    const user = await freshUser('push-off');
    const closure = await createForbesClosure(staff);
    await ok(Q.subscribeToClosure, { id: closure.id }, user.auth);
    const endpoint = `${base}/ok/${randomUUID()}`;
    await register(user, endpoint);
    const on = { inApp: true, push: true };
    await ok(Q.updateNotificationSettings, { input: { closureUpdates: { inApp: true, push: false }, lgaUpdates: on, reportOutcomes: on } }, user.auth);
    const { pushFor } = await import('../../../lambdas/events/push');
    const before = received.length;
    expect(await pushFor(changed(closure.id))).toMatchObject({ sent: 0 });
    expect(received.length).toBe(before);

    expect((await ok<{ revokePushSubscription: boolean }>(`mutation($e: String!) { revokePushSubscription(endpoint: $e) }`, { e: endpoint }, user.auth)).revokePushSubscription).toBe(true);
    const { db } = await import('../../../lambdas/adapters/db/db');
    expect((await db().entities.pushSubscription.query.byUser({ uid: user.uid }).go()).data).toEqual([]);
  });

  it('refuses an endpoint that is not a URL, and anonymous callers', async () => {
    const user = await freshUser();
    const bad = await gql(REGISTER, { input: { endpoint: 'not a url', keys: browserKeys() } }, user.auth);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid push endpoint' });
    const anonymous = await gql(REGISTER, { input: { endpoint: `${base}/ok/x`, keys: browserKeys() } }, { apiKey: true });
    expect(anonymous.errors?.[0]?.errorType).toMatch(/Unauthorized/);
  });
});
