// The emulator's test controls (/_emulator/*) redirect signed webhooks and wipe everything, with no
// key: a web page open in the developer's browser must not reach them. A cross-site post (text/plain
// or a form, which needs no preflight) and a request under another host name (DNS rebinding) are
// refused and change nothing; the machine's own tools, with a JSON body or none, still work.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

/** A raw request, so the Host header can be what a rebound domain's page would send. */
function raw(method: string, path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: h.emulator.port, method, path, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const own = () => `127.0.0.1:${h.emulator.port}`;

describe('the emulator controls', () => {
  it('refuse a cross-site text/plain post and a cross-site reset: webhooks still reach the app, data stays', async () => {
    const customer = await h.stripe.customers.create({ email: 'rates@shire.example.gov.au' });
    const evil = JSON.stringify({ url: 'http://attacker.example/hook' });
    const textPlain = await raw('POST', '/_emulator/webhook', { host: own(), origin: 'http://attacker.example', 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'cross-site' }, evil);
    expect(textPlain).toMatchObject({ status: 403 });
    expect(JSON.parse(textPlain.body).error.message).toContain('only tools on this machine');
    // Even without Origin/Sec-Fetch-Site (an old browser), a text/plain body is not JSON to the controls.
    expect((await raw('POST', '/_emulator/webhook', { host: own(), 'content-type': 'text/plain' }, evil)).status).toBe(403);
    expect((await raw('POST', '/_emulator/reset', { host: own(), origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // Nothing changed: the customer is still there, and its update is delivered to the app's receiver.
    await h.stripe.customers.update(customer.id, { name: 'Example Shire' });
    const updated = await h.waitForEvent('customer.updated', (event) => (event.data.object as { id: string }).id === customer.id);
    expect(updated).toBeDefined();
    expect(h.deliveries.every((delivery) => delivery.status < 300)).toBe(true);
  });

  it('refuse another host name (DNS rebinding) even for a read', async () => {
    for (const host of [`attacker.example:${h.emulator.port}`, 'attacker.example', `127.0.0.1:${h.emulator.port + 1}`]) {
      expect((await raw('GET', '/_emulator/events', { host })).status).toBe(403);
      expect((await raw('POST', '/_emulator/reset', { host })).status).toBe(403);
    }
    expect((await raw('GET', '/_emulator', { host: `localhost:${h.emulator.port}` })).status).toBe(200);
  });

  it('accept the machine\'s own JSON calls and body-less posts from the same origin', async () => {
    const same = await raw('POST', '/_emulator/webhooks/flush', { host: own(), origin: `http://${own()}`, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
    const events = await raw('GET', '/_emulator/events?type=customer.created', { host: own(), 'sec-fetch-site': 'none' });
    expect(events.status).toBe(200);
    expect(JSON.parse(events.body).object).toBe('list');
  });
});
