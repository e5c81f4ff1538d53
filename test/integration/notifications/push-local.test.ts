// The local runtime's own Web Push: VAPID keys generated into the data folder and served as
// pushPublicKey, config.json turning push on, and a closure event on a local stack reaching a
// push endpoint as an aes128gcm message that the subscription's keys decrypt to the same title and
// link as the in-app notification.
// The delivery half starts a second local stack inside this worker: the shared test stack runs in
// vitest's main process, which (rightly) refuses the stand-in push service's self-signed
// certificate, and only this worker may relax that.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gql } from '../../support/api';
import type { LocalStack } from '../../../local/stack';
import { freePort } from '../../support/ports';

function selfSignedCert() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
}


/** The browser side of RFC 8291 (aes128gcm, RFC 8188 framing, one record). */
function decryptPush(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ua.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

describe('local VAPID keys (shared test stack)', () => {
  it('are kept in the data folder, served as pushPublicKey and turn push on in config.json', async () => {
    const stack = inject('stack');
    const file = path.join(stack.dataDir, 'vapid.json');
    expect(existsSync(file)).toBe(true);
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string; subject: string };
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(keys.subject).toMatch(/^mailto:/);
    const { data } = await gql<{ pushPublicKey: string | null }>('query { pushPublicKey }');
    expect(data?.pushPublicKey).toBe(keys.publicKey);
    const config = (await (await fetch(`${stack.url}/config.json`)).json()) as { app: { features: { push: boolean } } };
    expect(config.app.features.push).toBe(true);
  });
});

describe('local stack delivers Web Push', () => {
  const received: { path: string; encoding: unknown; body: Buffer }[] = [];
  let server: https.Server;
  let base: string;
  let stack: LocalStack | undefined;
  let dataDir: string;

  beforeAll(async () => {
    server = https.createServer(selfSignedCert(), (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', encoding: req.headers['content-encoding'], body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    // Whatever keys the shared suite put in this worker's environment must not win over the stack's.
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']) delete process.env[name];
    dataDir = mkdtempSync(path.join(tmpdir(), 'road-closures-push-local-'));
    const { startLocalStack } = await import('../../../local/stack');
    const { settingsFromEnv } = await import('../../../local/settings');
    const ports = { web: await freePort(), cognito: await freePort(), cognitoInternal: await freePort(), dynamodb: await freePort(), s3: await freePort() };
    stack = await startLocalStack(settingsFromEnv({ dataDir, ports, schedules: false, quiet: true, tableName: 'road-closures-push-local' }));
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    await new Promise((resolve) => server?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('sends a closure event to a subscribed device, encrypted for its keys', async () => {
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(process.env.VAPID_PUBLIC_KEY).toBe(stored.publicKey);

    const { db } = await import('../../../lambdas/adapters/db/db');
    const { registerPushSubscription } = await import('../../../lambdas/adapters/notifications/push');
    const { publishEvent } = await import('../../../lambdas/adapters/platform/events');
    const { data: closures } = await db().entities.closure.scan.go({ pages: 'all' });
    const closure = closures.find((c) => c.lgaCode === '12900' && c.view !== 'ARCHIVED');
    expect(closure, 'a seeded Forbes demo closure').toBeDefined();

    const uid = `push-local-${randomBytes(4).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpointPath = `/device/${uid}`;
    await db().entities.lgaSubscription.put({ uid, lgaCode: '12900' }).go();
    await registerPushSubscription(uid, `${base}${endpointPath}`, { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') });

    // As a resolver announces a change; the stack's event sink runs both consumers.
    const event = await publishEvent('closure.changed', { closureId: closure!.id, lgaCode: '12900' }, 'someone-else');
    // The stack's own seed events may still be on their way to this new subscriber: pick the
    // delivery and the notification of this event.
    type Payload = { title: string; body?: string; url: string; tag: string };
    const deliveries = () =>
      received
        .filter((r) => r.path === endpointPath)
        .map((r) => ({ encoding: r.encoding, payload: JSON.parse(decryptPush(r.body, { ecdh, auth })) as Payload }));
    await expect.poll(() => deliveries().some((d) => d.payload.tag === event.id), { timeout: 60_000, interval: 200 }).toBe(true);
    const delivery = deliveries().find((d) => d.payload.tag === event.id)!;
    expect(delivery.encoding).toBe('aes128gcm');
    const { payload } = delivery;

    await expect
      .poll(async () => (await db().entities.notification.query.byUser({ uid }).go()).data.filter((n) => n.eventId === event.id).length, { timeout: 60_000, interval: 200 })
      .toBe(1);
    const note = (await db().entities.notification.query.byUser({ uid }).go()).data.find((n) => n.eventId === event.id);
    expect(payload.title).toBeTruthy();
    expect(payload.title).toBe(note!.title);
    expect(payload.url).toBe(note!.redirectTo);
    expect(payload.url).toContain(closure!.id);
    expect(payload.tag).toBe(event.id);
  });
});
