// The running local stack: its Lambda invoke endpoint and mail outbox refuse what a web page in
// the developer's browser could send; sign-up (which goes through the invoke endpoint) still works.
import http from 'node:http';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<number> {
  const url = new URL(inject('stack').url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: url.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('local developer endpoints', () => {
  const invoke = '/2015-03-31/functions/post-confirmation/invocations';
  it('refuse a trigger invocation without the per-start secret', async () => {
    const body = JSON.stringify({ request: { userAttributes: { sub: 'attacker', email: 'admin@example.com' } } });
    expect(await request(invoke, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).toBe(403);
    expect(await request(invoke, { method: 'POST', body, headers: { origin: 'https://evil.example', authorization: 'AWS4-HMAC-SHA256 Credential=local/x' } })).toBe(403);
  });

  it('refuse the outbox to another site and to a rebound host name, not to the developer', async () => {
    expect(await request('/dev/mail.json', { headers: { origin: 'https://evil.example' } })).toBe(403);
    expect(await request('/dev/mail', { headers: { 'sec-fetch-site': 'cross-site' } })).toBe(403);
    const port = new URL(inject('stack').url).port;
    expect(await request('/dev/mail.json', { headers: { host: `evil.example:${port}` } })).toBe(403);
    expect(await request('/dev/mail.json')).toBe(200);
  });
});
