// Stripe emulator: a small local stand-in for api.stripe.com, because this machine has no network.
// The real `stripe` SDK talks to it through its `host`, `port` and `protocol: 'http'` options; it
// also serves the hosted checkout, invoice and customer-portal pages and delivers signed webhooks.
// Everything is kept in one JSON file so a restart keeps it. Test controls live under /_emulator.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { findRoute } from './api';
import type { Context } from './context';
import { control } from './controls';
import { StripeApiError } from './errors';
import { parseForm, type Params } from './form';
import { hostedPage, type Reply } from './hosted';
import { expand } from './listing';
import { Store, publicView, type StripeObject } from './store';
import { API_VERSION, Webhooks } from './webhooks';
import { fromAnotherSite, isLoopbackHost } from '../dev-guards';

export { API_VERSION, signatureHeader } from './webhooks';
export { TEST_CARDS } from './cards';

export type StripeEmulatorOptions = {
  port: number;
  host?: string;
  /** JSON file holding the emulator's state (created if missing). */
  dataFile: string;
  /** Where events are POSTed; can be changed later with setWebhookUrl or POST /_emulator/webhook. */
  webhookUrl?: string;
  /** The endpoint secret (`whsec_…`) the app verifies Stripe-Signature with. */
  webhookSecret: string;
  /** Base URL of the hosted pages if not http://host:port (e.g. behind a proxy). */
  publicBaseUrl?: string;
  /** Waits between webhook delivery attempts; default 1 s, 5 s, 25 s, 2 min. */
  retryDelaysMs?: number[];
};

export type StripeEmulator = {
  url: string;
  port: number;
  host: string;
  /** Options for `new Stripe(key, …)` that point the SDK at this emulator. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  setWebhookUrl(url: string | undefined): void;
  /** Resolves when every queued webhook delivery has been attempted. */
  flushWebhooks(): Promise<void>;
  events(): StripeObject[];
  close(): Promise<void>;
};

const MAX_BODY = 1_000_000;
const MAX_IDEMPOTENCY_KEYS = 1_000;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new StripeApiError(413, { type: 'invalid_request_error', message: 'Request body too large.' }));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, reply: Reply): void {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body, null, 2) };
}

function authorised(request: http.IncomingMessage): boolean {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer (sk_test_\S+|rk_test_\S+)$/.exec(header);
  if (bearer) return true;
  const basic = /^Basic (\S+)$/.exec(header);
  return Boolean(basic && /^(sk|rk)_test_/.test(Buffer.from(basic[1], 'base64').toString('utf8')));
}

function apiRequest(ctx: Context, request: http.IncomingMessage, path: string, query: string, body: string): Reply {
  const requestId = `req_${randomBytes(7).toString('hex')}`;
  const headers = { 'request-id': requestId, 'stripe-version': String(request.headers['stripe-version'] ?? API_VERSION) };
  if (!authorised(request)) {
    return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided. The local Stripe emulator accepts any test secret key (sk_test_…).' } }, headers);
  }
  const method = request.method ?? 'GET';
  const route = `${method} ${path.replace(/\/(?=[a-z]+_[A-Za-z0-9]{8,})[^/]+/g, '/:id')}`;
  ctx.apiRequests.count += 1;
  ctx.apiRequests.byRoute[route] = (ctx.apiRequests.byRoute[route] ?? 0) + 1;
  const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
  if (typeof idempotencyKey === 'string') {
    const earlier = ctx.store.state.idempotency[idempotencyKey];
    if (earlier) {
      if (earlier.path !== path || earlier.body !== body) {
        return json(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } }, headers);
      }
      return { status: earlier.status, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true', ...headers }, body: earlier.response };
    }
  }
  let reply: Reply;
  try {
    const params: Params = parseForm(method === 'POST' ? body : query);
    const found = findRoute(method, path);
    if (!found) throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The local Stripe emulator does not implement this endpoint.` });
    const result = found.handler(ctx, params, found.ids, path);
    reply = json(200, publicView(expand(ctx.store, result, params)), headers);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    reply = json(error.status, { error: { ...error.body, request_log_url: null } }, headers);
  }
  if (typeof idempotencyKey === 'string' && reply.status < 500) {
    const saved = ctx.store.state.idempotency;
    saved[idempotencyKey] = { method, path, body, status: reply.status, response: String(reply.body) };
    // Stripe keeps keys for 24 hours; the emulator keeps the most recent ones.
    const keys = Object.keys(saved);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_IDEMPOTENCY_KEYS))) delete saved[old];
  }
  return reply;
}

/**
 * The test controls redirect signed webhooks and wipe the emulator, and they take no key: like
 * /dev/mail, they answer only requests made on this machine to this port by name (a rebound
 * attacker domain is refused), never a web page of another site, and a body only as JSON (a
 * cross-site form or text/plain post cannot be one without a preflight the emulator never allows).
 */
function mayUseControls(request: http.IncomingMessage, port: number): boolean {
  if (!isLoopbackHost(request.headers.host, port) || fromAnotherSite(request, port)) return false;
  const type = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  return !hasBody || type === 'application/json';
}

const CONTROLS_REFUSED = 'The emulator controls answer only tools on this machine: Host 127.0.0.1 or localhost with this port, no other site\'s Origin, a JSON body.';

async function handle(ctx: Context, request: http.IncomingMessage, port: number): Promise<Reply> {
  const url = new URL(request.url ?? '/', 'http://emulator');
  const method = request.method ?? 'GET';
  const controls = url.pathname === '/_emulator' || url.pathname.startsWith('/_emulator/');
  if (controls && !mayUseControls(request, port)) {
    request.resume();
    return json(403, { error: { type: 'invalid_request_error', message: CONTROLS_REFUSED } });
  }
  const body = method === 'GET' ? '' : await readBody(request);
  try {
    if (url.pathname.startsWith('/v1/')) return apiRequest(ctx, request, url.pathname, url.search.slice(1), body);
    if (controls) {
      const input = method === 'GET' ? Object.fromEntries(url.searchParams) : body ? JSON.parse(body) : {};
      return json(200, await control(ctx, method, url.pathname, input));
    }
    const form = Object.fromEntries(new URLSearchParams(method === 'POST' ? body : ''));
    const page = await hostedPage(ctx, method, url.pathname, form);
    if (page) return page;
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });
  } catch (error) {
    if (error instanceof StripeApiError) return json(error.status, { error: error.body });
    if (error instanceof SyntaxError) return json(400, { error: { type: 'invalid_request_error', message: 'Invalid JSON body.' } });
    return json(500, { error: { type: 'api_error', message: `The local Stripe emulator failed: ${(error as Error).message}` } });
  } finally {
    if (method !== 'GET' || url.pathname.startsWith('/v1/checkout') || url.pathname.startsWith('/checkout')) ctx.store.save();
  }
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const store = new Store(options.dataFile);
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const webhooks = new Webhooks(store, {
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? [1_000, 5_000, 25_000, 120_000],
  });
  const ctx: Context = { store, webhooks, baseUrl: (options.publicBaseUrl ?? url).replace(/\/$/, ''), apiRequests: { count: 0, byRoute: {} } };
  // One request at a time: every change is a small synchronous step, so state never interleaves.
  server.on('request', (request, response) => {
    handle(ctx, request, port).then(
      (reply) => send(response, reply),
      (error) => send(response, json(500, { error: { type: 'api_error', message: String(error) } })),
    );
  });
  return {
    url,
    port,
    host,
    sdkOptions: { host, port, protocol: 'http' },
    setWebhookUrl: (next) => {
      webhooks.url = next;
    },
    flushWebhooks: () => webhooks.idle(),
    events: () => store.all('events').map((event) => publicView(event) as StripeObject),
    close: async () => {
      await webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.save();
    },
  };
}
