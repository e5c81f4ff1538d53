// The one local origin (http://127.0.0.1:3000): the built web app with SPA fallback,
// /config.json, the GraphQL API and its realtime endpoint, /feeds/* from the feeds bucket, the
// low-bandwidth closures pages (/text) and the Lambda Invoke API that cognito-local calls for triggers.
import { answerLiveTraffic } from './livetraffic';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BUCKETS } from './s3';
import { invoke, TRIGGERS } from './lambdas';
import { readOutbox } from './outbox';
import { handleUnsubscribe, tokenOf } from '../lambdas/webhooks/unsubscribe';
import { handleReply } from '../lambdas/events/sms-inbound';
import { readSmsOutbox, smsOutboxPage } from './sms-outbox';
import { UNSUBSCRIBE_PATH } from '../lambdas/events/alert-links';
import { handleMapRequest } from './map/routes';
import { mayInvoke, mayReadOutbox } from './dev-guards';
import { applySecurityHeaders, isEmbedPath } from './security-headers';
import { respondTextPage } from '../lambdas/web/text-pages';
import { emptyMapFile, MAP_FILE_PATTERN } from '../lambdas/core/comms/map-file';
import { MAP_FILE_CACHE_CONTROL } from '../lambdas/adapters/comms/feeds';
import { getLga } from '../lambdas/adapters/foundation/lgas';
import { EdgeCache, sharedMaxAge, type CachedFile } from './edge-cache';
import { chooseEncoding, compress, compressedFile, type Encoding } from './compression';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pbf': 'application/x-protobuf',
  '.geojson': 'application/geo+json',
  '.txt': 'text/plain; charset=utf-8',
};

export interface WebServerOptions {
  webRoot: string;
  /** The port it listens on (Host and Origin checks of the developer endpoints). */
  port: number;
  /** This start's secret that cognito-local signs its trigger invocations with (local/dev-guards.ts). */
  invokeSecret: string;
  config: () => unknown;
  s3: S3Client;
  graphql: { handleHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean>; attachRealtime(server: http.Server): void };
  log: (message: string) => void;
  dataDir: string;
  /** POST /stripe/webhook (in AWS the webhook's function URL): raw body and Stripe-Signature in, status and body out. */
  stripeWebhook?: (rawBody: string, signature: string | undefined) => Promise<{ status: number; body: string }>;
  /**
   * False while the stack seeds its first data. Until then the app and API answer 503 "starting"
   * (a page that reloads itself for browsers), so nobody signs in before the demo accounts exist;
   * the Lambda-invoke endpoint still answers, because seeding the accounts runs Cognito triggers.
   */
  isReady?: () => boolean;
}

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="1">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Starting…</title></head>
<body><main><h1>Road closures is starting</h1><p>Setting up the demo data. This page reloads by itself.</p></main></body></html>`;

/** Answers `/health` always, and everything but Lambda invocations with 503 until ready. */
function answerWhileStarting(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, ready: boolean): boolean {
  if (pathname === '/health') {
    sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'starting' }, { 'cache-control': 'no-store' });
    return true;
  }
  if (ready || pathname.startsWith('/2015-03-31/functions/')) return false;
  if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '1', 'cache-control': 'no-store' });
    res.end(STARTING_PAGE);
  } else {
    sendJson(res, 503, { status: 'starting', message: 'The app is starting. Try again in a moment.' }, { 'retry-after': '1', 'cache-control': 'no-store' });
  }
  return true;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function outboxPage(dataDir: string): string {
  const rows = readOutbox(dataDir)
    .map(
      (m) =>
        `<tr><td>${new Date(m.sentAt * 1000).toLocaleString('en-AU')}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td><strong>${escapeHtml(m.code ?? '')}</strong></td><td>${escapeHtml(m.body)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem;color:#1b2a3a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde3ea;padding:.5rem;text-align:left;vertical-align:top}</style></head>
<body><h1>Local outbox</h1><p>Mail the app would send. Local mode only: nothing leaves this machine.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Code</th><th>Message</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No mail yet.</td></tr>'}</tbody></table></body></html>`;
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : {};
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** The public map's files, kept as CloudFront keeps them (see local/edge-cache.ts). */
const mapFiles = new EdgeCache();

/** Compressed copies of the cached map files, made once per cached body (as the edge keeps them). */
const encodedBodies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function sendCached(file: CachedFile, req: http.IncomingMessage, res: http.ServerResponse) {
  const headers = { ...file.headers, vary: 'Accept-Encoding' };
  if (file.etag && req.headers['if-none-match'] === file.etag) return void res.writeHead(304, headers).end();
  const encoding = chooseEncoding(req.headers['accept-encoding'], file.headers['content-type'] ?? '', file.body.length);
  let body = file.body;
  if (encoding) {
    const encoded = encodedBodies.get(file.body) ?? {};
    body = encoded[encoding] ??= compress(file.body, encoding);
    encodedBodies.set(file.body, encoded);
  }
  res.writeHead(200, { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function serveFeed(s3: S3Client, key: string, req: http.IncomingMessage, res: http.ServerResponse) {
  // Open data: any site may read the feeds (CORS), caches revalidate with the object's ETag.
  const open = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' };
  if (req.method === 'OPTIONS') return void res.writeHead(204, { ...open, 'access-control-allow-methods': 'GET, HEAD' }).end();
  const isMapFile = MAP_FILE_PATTERN.test(key);
  const cached = isMapFile ? mapFiles.get(key) : undefined;
  if (cached) return sendCached(cached, req, res);
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKETS.feeds, Key: key }));
    const headers = {
      ...open,
      'content-type': object.ContentType ?? 'application/octet-stream',
      // Generated feeds carry their own (short) Cache-Control; the LGA bundle is immutable.
      'cache-control': object.CacheControl ?? 'public, max-age=31536000, immutable',
      ...(object.ETag ? { etag: object.ETag } : {}),
    };
    if (isMapFile) {
      const body = Buffer.from(await object.Body!.transformToByteArray());
      const file = { body, headers, etag: object.ETag };
      mapFiles.set(key, file, sharedMaxAge(object.CacheControl));
      return sendCached(file, req, res);
    }
    if (object.ETag && req.headers['if-none-match'] === object.ETag) {
      (object.Body as Readable).destroy();
      return void res.writeHead(304, headers).end();
    }
    if (req.method === 'HEAD') {
      (object.Body as Readable).destroy();
      res.writeHead(200, { ...headers, ...(object.ContentLength ? { 'content-length': String(object.ContentLength) } : {}) });
      return void res.end();
    }
    // Read whole before answering, so a client that leaves the answer unread never holds an S3
    // connection open (feeds and the LGA bundle are a few MB at most).
    const body = Buffer.from(await object.Body!.transformToByteArray());
    res.writeHead(200, {
      ...headers,
      ...(object.ContentEncoding ? { 'content-encoding': object.ContentEncoding } : {}),
      'content-length': String(body.length),
    });
    res.end(body);
  } catch (error) {
    const lgaCode = key.match(MAP_FILE_PATTERN)?.[1];
    if ((error as Error).name === 'NoSuchKey' && lgaCode && (await getLga(lgaCode))) return sendEmptyMapFile(lgaCode, req, res, open);
    sendJson(res, 404, { message: 'Not found' }, open);
  }
}

/** A known LGA whose map file is not written yet (no closure ever): no closures, not a 404. */
function sendEmptyMapFile(lgaCode: string, req: http.IncomingMessage, res: http.ServerResponse, open: Record<string, string>) {
  const etag = `"empty-${lgaCode}"`;
  const headers = { ...open, 'content-type': 'application/json; charset=utf-8', 'cache-control': MAP_FILE_CACHE_CONTROL, etag };
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(emptyMapFile(lgaCode, Math.floor(Date.now() / 1000))));
}

function serveStatic(webRoot: string, urlPath: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const decoded = decodeURIComponent(urlPath);
  const candidate = path.normalize(path.join(webRoot, decoded));
  const insideRoot = candidate.startsWith(webRoot);
  const file = insideRoot && existsSync(candidate) && statSync(candidate).isFile() ? candidate : undefined;
  if (!file && path.extname(decoded) && decoded.startsWith('/assets/')) {
    // A missing hashed asset is a real 404, not the app shell (the client reports a chunk error).
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const chosen = file ?? path.join(webRoot, 'index.html');
  if (!existsSync(chosen)) {
    res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built yet: run npm start (it builds) or npm run build.');
    return;
  }
  const immutable = chosen.includes(`${path.sep}assets${path.sep}`);
  const contentType = MIME[path.extname(chosen)] ?? 'application/octet-stream';
  const encoding = chooseEncoding(req.headers['accept-encoding'], contentType, statSync(chosen).size);
  const headers = {
    'content-type': contentType,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
    // Only the embed route may be framed by other sites (as the CloudFront policy in AWS).
    ...(isEmbedPath(urlPath) ? {} : { 'x-frame-options': 'DENY' }),
  };
  if (encoding) {
    const body = compressedFile(chosen, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(200, headers);
  createReadStream(chosen).pipe(res);
}

export function createWebServer(options: WebServerOptions): http.Server {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    applySecurityHeaders(res, url.pathname);
    try {
      if (answerWhileStarting(req, res, url.pathname, options.isReady?.() ?? true)) return;
      if (await options.graphql.handleHttp(req, res)) return;
      if (url.pathname === '/config.json') return sendJson(res, 200, options.config());
      if ((url.pathname === '/dev/mail.json' || url.pathname === '/dev/mail') && !mayReadOutbox(req, options.port)) {
        return sendJson(res, 403, { message: 'The local outbox answers only this machine\'s own app origin' });
      }
      if (url.pathname === '/dev/mail.json') return sendJson(res, 200, readOutbox(options.dataDir));
      if (url.pathname === '/dev/mail') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(outboxPage(options.dataDir));
      }
      // The Live Traffic NSW stand-in: recorded real payloads, times moved to now (local/livetraffic.ts).
      if (answerLiveTraffic(req, res, url.pathname)) return;
      if (url.pathname === '/dev/sms' || url.pathname === '/dev/sms.json' || url.pathname === '/dev/sms/reply') {
        if (!mayReadOutbox(req, options.port)) return sendJson(res, 403, { message: "The local SMS stand-in answers only this machine's own app origin" });
        if (url.pathname === '/dev/sms.json') return sendJson(res, 200, readSmsOutbox(options.dataDir));
        let notice: string | undefined;
        if (url.pathname === '/dev/sms/reply') {
          if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method not allowed' });
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8').slice(0, 2000));
          // What End User Messaging publishes for an inbound text, to the same handler.
          const outcome = await handleReply({ originationNumber: form.get('from') ?? '', messageBody: form.get('body') ?? '' });
          notice = outcome === 'ignored' ? 'Reply received; it asks for nothing (or the number is not an Australian mobile).' : `Reply received: the number is ${outcome === 'stopped' ? 'opted out (STOP)' : 'opted back in (START)'}.`;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(smsOutboxPage(options.dataDir, notice));
      }
      if (url.pathname === UNSUBSCRIBE_PATH) {
        // One-click unsubscribe from alert mail: the same handler as the function URL in AWS.
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of req) {
          size += (chunk as Buffer).length;
          if (size > 4096) break;
          chunks.push(chunk as Buffer);
        }
        const answer = await handleUnsubscribe(req.method ?? 'GET', tokenOf(url.searchParams, Buffer.concat(chunks).toString('utf8')));
        res.writeHead(answer.status, answer.headers);
        return res.end(req.method === 'HEAD' ? undefined : answer.body);
      }
      if (url.pathname === '/stripe/webhook' && req.method === 'POST' && options.stripeWebhook) {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const signature = req.headers['stripe-signature'];
        const result = await options.stripeWebhook(Buffer.concat(chunks).toString('utf8'), Array.isArray(signature) ? signature[0] : signature);
        res.writeHead(result.status, { 'content-type': 'application/json' });
        return res.end(result.body);
      }
      if (url.pathname.startsWith('/feeds/')) return await serveFeed(options.s3, url.pathname.slice(1), req, res);
      if ((url.pathname === '/text' || url.pathname.startsWith('/text/')) && (req.method === 'GET' || req.method === 'HEAD')) {
        // The low-bandwidth closures page: the same function CloudFront calls in AWS.
        const page = await respondTextPage(url.pathname);
        res.writeHead(page.status, { ...page.headers, 'content-length': String(Buffer.byteLength(page.body)) });
        return res.end(req.method === 'HEAD' ? undefined : page.body);
      }
      if (await handleMapRequest(req, res, url.pathname)) return;
      const invocation = url.pathname.match(/^\/2015-03-31\/functions\/([^/]+)\/invocations$/);
      if (invocation && req.method === 'POST') {
        if (!mayInvoke(req, options.port, options.invokeSecret)) {
          return sendJson(res, 403, { Type: 'User', Message: 'Forbidden' }, { 'x-amzn-errortype': 'AccessDeniedException' });
        }
        const entry = TRIGGERS[decodeURIComponent(invocation[1])];
        if (!entry) return sendJson(res, 404, { Type: 'User', Message: 'Function not found' }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
        try {
          return sendJson(res, 200, await invoke(entry, await readJson(req)));
        } catch (error) {
          options.log(`trigger ${invocation[1]} failed: ${(error as Error).stack}`);
          return sendJson(res, 200, { errorType: (error as Error).name, errorMessage: (error as Error).message }, { 'x-amz-function-error': 'Unhandled' });
        }
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method not allowed' });
      serveStatic(options.webRoot, url.pathname, req, res);
    } catch (error) {
      options.log(`request ${url.pathname} failed: ${(error as Error).stack}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' });
      else res.end();
    }
  });
  options.graphql.attachRealtime(server);
  return server;
}
