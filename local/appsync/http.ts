import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { REQUEST_BODY_LIMIT_BYTES, queryLimitMessages } from '../../lib/api-limits';
import { authenticate, lowerCaseHeaders, UNAUTHORIZED_ERROR_TYPE, type Credentials } from './authenticate';
import { runOperation, type GraphQLRequestBody, type Publish } from './operations';
import type { RequestMeta } from './types';

export const GRAPHQL_PATH = '/graphql';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, authorization, x-amz-user-agent, x-amz-date, x-amz-security-token, x-amz-content-sha256, idempotency-key',
  'access-control-max-age': '86400',
};

export function pathOf(url: string | undefined): string {
  return new URL(url ?? '/', 'http://localhost').pathname;
}

/**
 * The caller's address list as AWS reports it: what X-Forwarded-For said (anything the caller or
 * the vite proxy sent), then the address of the connection itself, which the caller cannot choose.
 */
export function sourceIpOf(req: IncomingMessage): string[] {
  const forwarded = req.headers['x-forwarded-for'];
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').map((ip) => ip.trim()).filter(Boolean);
  return [...list, (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '')];
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...CORS_HEADERS });
  res.end(JSON.stringify(body));
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  // A declared length over the limit is refused before a byte of the body is read.
  if (Number(req.headers['content-length'] ?? 0) > REQUEST_BODY_LIMIT_BYTES) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > REQUEST_BODY_LIMIT_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface HttpDeps {
  schema: GraphQLSchema;
  credentials: Credentials;
  publish: Publish;
  log: (msg: string) => void;
}

/** POST /graphql and its CORS preflight; resolves false for any other path. */
export function createHttpHandler(deps: HttpDeps) {
  return async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (pathOf(req.url) !== GRAPHQL_PATH) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return true;
    }
    if (req.method !== 'POST') {
      send(res, 405, { errors: [{ errorType: 'MethodNotAllowedException', message: 'Use POST.' }] });
      return true;
    }
    try {
      await serve(req, res, deps);
    } catch (error) {
      deps.log(`graphql request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) send(res, 500, { errors: [{ errorType: 'InternalFailure', message: 'An internal failure occurred.' }] });
    }
    return true;
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, deps: HttpDeps): Promise<void> {
  const headers = lowerCaseHeaders(req.headers);
  // Authentication comes first in AppSync: an unauthenticated caller learns nothing about the query.
  const auth = await authenticate(headers, deps.credentials);
  if (!auth.ok) {
    req.resume();
    send(res, 401, { errors: [{ errorType: UNAUTHORIZED_ERROR_TYPE, message: auth.message }] });
    return;
  }
  let body: GraphQLRequestBody;
  try {
    const parsed: unknown = JSON.parse(await readBody(req));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SyntaxError('not an object');
    body = parsed as GraphQLRequestBody;
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      req.resume();
      send(res, 413, { errors: [{ errorType: 'PayloadTooLargeException', message: queryLimitMessages.body() }] });
    } else {
      send(res, 400, { errors: [{ errorType: 'MalformedHttpRequestException', message: 'Unable to parse the request body as JSON.' }] });
    }
    return;
  }
  const sourceIp = sourceIpOf(req);
  // The edge in front of AppSync appends the address it saw to X-Forwarded-For; so does this one.
  const request: RequestMeta = { headers: { ...headers, 'x-forwarded-for': sourceIp.join(', ') }, sourceIp };
  const result = await runOperation(deps.schema, body, { caller: auth.caller, request, log: deps.log }, deps.publish);
  send(res, 200, result);
}
