// The local developer endpoints refuse what a web page in the developer's browser could send.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, mayInvoke, mayReadOutbox, newInvokeSecret } from '../../../local/dev-guards';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as http.IncomingMessage;
const PORT = 3200;

describe('the local outbox', () => {
  it("answers the developer's own tab and tools", () => {
    expect(mayReadOutbox(req({ host: '127.0.0.1:3200' }), PORT)).toBe(true);
    expect(mayReadOutbox(req({ host: 'localhost:3200', origin: 'http://localhost:3200', 'sec-fetch-site': 'same-origin' }), PORT)).toBe(true);
    expect(mayReadOutbox(req({ host: '127.0.0.1:3200', 'sec-fetch-site': 'none' }), PORT)).toBe(true);
  });
  it('refuses another site, and a rebound host name', () => {
    expect(mayReadOutbox(req({ host: '127.0.0.1:3200', origin: 'https://evil.example' }), PORT)).toBe(false);
    expect(mayReadOutbox(req({ host: '127.0.0.1:3200', 'sec-fetch-site': 'cross-site' }), PORT)).toBe(false);
    expect(mayReadOutbox(req({ host: 'evil.example:3200' }), PORT)).toBe(false);
    expect(mayReadOutbox(req({ host: '127.0.0.1:3201' }), PORT)).toBe(false);
    expect(mayReadOutbox(req({ host: '127.0.0.1:3200', origin: 'null' }), PORT)).toBe(false);
  });
});

describe('the Lambda invoke endpoint', () => {
  const secret = newInvokeSecret();
  const signed = `AWS4-HMAC-SHA256 Credential=${secret}/20260101/ap-southeast-2/lambda/aws4_request, SignedHeaders=host, Signature=x`;
  it('accepts only calls signed with this start\'s secret', () => {
    expect(mayInvoke(req({ host: '127.0.0.1:3200', authorization: signed }), PORT, secret)).toBe(true);
    expect(mayInvoke(req({ host: '127.0.0.1:3200' }), PORT, secret)).toBe(false);
    expect(mayInvoke(req({ host: '127.0.0.1:3200', authorization: signed.replace(secret, 'local') }), PORT, secret)).toBe(false);
  });
  it('refuses anything a browser sent, even with the secret', () => {
    expect(mayInvoke(req({ host: '127.0.0.1:3200', authorization: signed, origin: 'http://127.0.0.1:3200' }), PORT, secret)).toBe(false);
    expect(mayInvoke(req({ host: 'evil.example:3200', authorization: signed }), PORT, secret)).toBe(false);
  });
  it('uses a new secret per start', () => {
    expect(newInvokeSecret()).not.toBe(newInvokeSecret());
  });
  it('knows loopback host names', () => {
    expect(isLoopbackHost('[::1]:3200', PORT)).toBe(true);
    expect(isLoopbackHost('127.0.0.1.evil.example:3200', PORT)).toBe(false);
  });
});
