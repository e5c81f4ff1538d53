// Push isolation: one device whose push service answers 500 delays only itself (counted, backed
// off, dropped after repeated failures) while every other subscriber still gets the message;
// endpoints come only from browsers' push services; a user has at most 10 devices.
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { MAX_PUSH_FAILURES } from '../../../lambdas/core/notifications/push-devices';
import { browserKeys, createForbesClosure, FORBES, freshUser, ok, Q, selfSignedCert, type TestUser } from './../notifications/support';

const REGISTER = `mutation($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) }`;
const received: string[] = [];
let server: https.Server;
let base: string;
let staff: Auth;

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  // The stand-in push service: /fail/* answers 500, everything else 201.
  server = https.createServer(selfSignedCert(), (req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      res.writeHead(req.url?.startsWith('/fail') ? 500 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const vapid = webpush.generateVAPIDKeys();
  Object.assign(process.env, { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:test@example.com' });
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
});

afterAll(async () => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  await new Promise((resolve) => server?.close(resolve));
});

const register = (user: TestUser, endpoint: string) => gql(REGISTER, { input: { endpoint, keys: browserKeys() } }, user.auth);
const changed = (closureId: string): DomainEvent => ({ id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), detail: { closureId, lgaCode: FORBES } });

async function devicesOf(uid: string) {
  const { db } = await import('../../../lambdas/adapters/db/db');
  return (await db().entities.pushSubscription.query.byUser({ uid }).go()).data;
}

describe('one failing endpoint among working ones', () => {
  it('delivers to everyone else, counts and backs off the failing device, and drops it after repeated failures', async () => {
    const closure = await createForbesClosure(staff);
    const users = await Promise.all([freshUser('push-a'), freshUser('push-b'), freshUser('push-c')]);
    for (const u of users) await ok(Q.subscribeToClosure, { id: closure.id }, u.auth);
    const paths = users.map((u, i) => (i === 1 ? `/fail/${u.uid}` : `/ok/${u.uid}`));
    for (const [i, u] of users.entries()) expect((await register(u, `${base}${paths[i]}`)).errors).toBeUndefined();

    const { pushFor } = await import('../../../lambdas/events/push');
    const first = await pushFor(changed(closure.id));
    expect(first).toEqual({ sent: 2, removed: 0, failed: 1 });
    expect(received).toEqual(expect.arrayContaining([paths[0], paths[1], paths[2]]));
    const [failing] = await devicesOf(users[1].uid);
    expect(failing).toMatchObject({ failures: 1 });
    expect(failing.retryAfter).toBeGreaterThan(Date.now() / 1000);

    // Backing off: the next event skips it and still reaches the others.
    const before = received.filter((p) => p === paths[1]).length;
    expect(await pushFor(changed(closure.id))).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(received.filter((p) => p === paths[1]).length).toBe(before);

    // The last allowed failure drops the device.
    const { db } = await import('../../../lambdas/adapters/db/db');
    await db().entities.pushSubscription.patch({ uid: users[1].uid, endpointHash: failing.endpointHash }).set({ failures: MAX_PUSH_FAILURES - 1, retryAfter: 0 }).go();
    expect(await pushFor(changed(closure.id))).toEqual({ sent: 2, removed: 1, failed: 1 });
    expect(await devicesOf(users[1].uid)).toEqual([]);
    expect(await devicesOf(users[0].uid)).toHaveLength(1);
  });
});

describe('registering a browser', () => {
  it.each([
    'https://attacker.example/collect',
    'https://fcm.googleapis.com.attacker.example/x',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://10.0.0.1/push',
  ])('refuses %s', async (endpoint) => {
    const user = await freshUser('push-host');
    const res = await register(user, endpoint);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid push endpoint' });
    expect(await devicesOf(user.uid)).toEqual([]);
  });

  it('accepts the browsers\' push services and keeps at most 10 devices, the newest', async () => {
    const user = await freshUser('push-cap');
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/a',
      'https://updates.push.services.mozilla.com/wpush/v2/b',
      'https://web.push.apple.com/c',
      'https://wns2-par02p.notify.windows.com/w/?token=d',
      ...Array.from({ length: 8 }, (_, i) => `https://fcm.googleapis.com/fcm/send/n${i}`),
    ];
    for (const endpoint of endpoints) {
      expect((await register(user, endpoint)).errors).toBeUndefined();
      await new Promise((r) => setTimeout(r, 5));
    }
    const kept = (await devicesOf(user.uid)).map((d) => d.endpoint).sort();
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(endpoints[0]);
    expect(kept).toContain(endpoints[11]);
  });
});
