// Guards for the developer-only endpoints of the local web server: the Lambda Invoke API that
// cognito-local calls for its triggers, and the mail outbox (/dev/mail). Everything listens on
// 127.0.0.1 only; on top of that a web page open in the developer's browser must not reach them:
// a request naming another site (Origin, Sec-Fetch-Site) or another host name (DNS rebinding) is
// refused, and the invoke endpoint needs this start's secret, which only cognito-local knows.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';

/** A fresh secret per start: cognito-local signs its Lambda calls with it as the access key id. */
export const newInvokeSecret = () => `local${randomBytes(16).toString('hex')}`;

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The Host header names this machine's loopback on our port (not a rebound attacker domain). */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  return LOOPBACK_NAMES.has(match[1]) && Number(match[2] ?? 80) === port;
}

/** True when a browser sent this from another site: an Origin other than ours, or Sec-Fetch-Site cross-site. */
export function fromAnotherSite(req: http.IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    try {
      const url = new URL(origin);
      if (!isLoopbackHost(url.host, port) || url.protocol !== 'http:') return true;
    } catch {
      return true;
    }
  }
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** The outbox may be read by the developer's own tab on the app's origin, nobody else. */
export function mayReadOutbox(req: http.IncomingMessage, port: number): boolean {
  return isLoopbackHost(req.headers.host, port) && !fromAnotherSite(req, port);
}

/**
 * cognito-local's SigV4 Authorization header names the access key id it was given
 * ("Credential=<secret>/20250101/…"); browsers never send an Origin-less signed call.
 */
export function mayInvoke(req: http.IncomingMessage, port: number, secret: string): boolean {
  if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined) return false;
  if (!isLoopbackHost(req.headers.host, port)) return false;
  return (req.headers.authorization ?? '').includes(`Credential=${secret}/`);
}
