import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GraphQLSchema } from 'graphql';
import { WebSocket, WebSocketServer } from 'ws';
import { REQUEST_BODY_LIMIT_BYTES } from '../../lib/api-limits';
import { authenticate, lowerCaseHeaders, UNAUTHORIZED_ERROR_TYPE, type Authentication, type Credentials } from './authenticate';
import { pathOf, sourceIpOf } from './http';
import { prepareSubscription, type RealtimeError } from './subscribe';
import type { SubscriptionRegistry } from './subscriptions';
import type { LocalAppSyncOptions, RequestMeta } from './types';

export const REALTIME_PATH = '/graphql/realtime';
const PROTOCOL = 'graphql-ws';
const HEADER_PROTOCOL_PREFIX = 'header-';
/** What AppSync announces in connection_ack: the longest gap between two `ka` messages. */
const CONNECTION_TIMEOUT_MS = 300_000;
const DEFAULT_KEEP_ALIVE_MS = 60_000;

export interface RealtimeDeps {
  schema: GraphQLSchema;
  credentials: Credentials;
  registry: SubscriptionRegistry;
  resolverFor: LocalAppSyncOptions['resolverFor'];
  log: (msg: string) => void;
  keepAliveIntervalMs?: number;
}

interface ClientMessage {
  type?: unknown;
  id?: unknown;
  payload?: { data?: unknown; extensions?: { authorization?: Record<string, unknown> } };
}

function decodeHeader(encoded: string): Record<string, string> | undefined {
  try {
    // Node's base64url decoder also reads standard base64, so one call serves both transports.
    const parsed: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' ? lowerCaseHeaders(parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The connection's auth header. aws-amplify v6 sends it base64url-encoded as a `header-…`
 * subprotocol; older clients put base64 JSON in `?header=…&payload=e30=`.
 */
function connectionHeaders(req: IncomingMessage): Record<string, string> | undefined {
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const fromProtocol = protocols.find((p) => p.startsWith(HEADER_PROTOCOL_PREFIX));
  if (fromProtocol) return decodeHeader(fromProtocol.slice(HEADER_PROTOCOL_PREFIX.length));
  const fromQuery = new URL(req.url ?? '/', 'http://localhost').searchParams.get('header');
  return fromQuery ? decodeHeader(fromQuery) : undefined;
}

class RealtimeConnection {
  readonly id = randomUUID();
  private readonly sourceIp: string[];
  private readonly connectionAuth: Promise<Authentication>;
  private keepAlive?: ReturnType<typeof setInterval>;
  // Messages are handled one at a time so that a `stop` never overtakes its own `start`.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    req: IncomingMessage,
    private readonly deps: RealtimeDeps,
    onClose: () => void,
  ) {
    this.sourceIp = sourceIpOf(req);
    const headers = connectionHeaders(req);
    this.connectionAuth = authenticate(headers ?? {}, deps.credentials);
    ws.on('message', (data) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      this.queue = this.queue.then(() => this.handle(text)).catch((error: unknown) => {
        deps.log(`realtime message failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      });
    });
    ws.on('error', (error) => deps.log(`realtime socket error: ${error.message}`));
    ws.on('close', () => {
      clearInterval(this.keepAlive);
      deps.registry.removeConnection(this.id);
      onClose();
    });
  }

  close(): void {
    clearInterval(this.keepAlive);
    this.ws.close(1001, 'Server shutting down');
  }

  terminate(): void {
    this.ws.terminate();
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private sendError(id: string | undefined, errors: RealtimeError[]): void {
    this.send({ type: 'error', ...(id !== undefined ? { id } : {}), payload: { errors } });
  }

  private async handle(text: string): Promise<void> {
    let message: ClientMessage;
    try {
      message = JSON.parse(text) as ClientMessage;
    } catch {
      this.sendError(undefined, [{ errorType: 'MalformedRequest', message: 'Messages must be JSON.' }]);
      return;
    }
    const id = typeof message.id === 'string' ? message.id : undefined;
    switch (message.type) {
      case 'connection_init':
        return this.init();
      case 'start':
        return this.start(id, message);
      case 'stop':
        if (id !== undefined) this.deps.registry.remove(this.id, id);
        this.send({ type: 'complete', id });
        return;
      default:
        this.sendError(id, [{ errorType: 'UnsupportedOperation', message: `${String(message.type)} not supported through the realtime channel` }]);
    }
  }

  private async init(): Promise<void> {
    const auth = await this.connectionAuth;
    if (!auth.ok) {
      // errorCode 401 is what makes amplify give up instead of retrying the handshake.
      this.send({ type: 'connection_error', payload: { errors: [{ errorType: UNAUTHORIZED_ERROR_TYPE, message: auth.message, errorCode: 401 }] } });
      this.ws.close(1000);
      return;
    }
    this.send({ type: 'connection_ack', payload: { connectionTimeoutMs: CONNECTION_TIMEOUT_MS } });
    this.send({ type: 'ka' });
    clearInterval(this.keepAlive);
    this.keepAlive = setInterval(() => this.send({ type: 'ka' }), this.deps.keepAliveIntervalMs ?? DEFAULT_KEEP_ALIVE_MS);
  }

  private async start(id: string | undefined, message: ClientMessage): Promise<void> {
    if (id === undefined) {
      this.sendError(undefined, [{ errorType: 'MalformedRequest', message: 'A start message needs an id.' }]);
      return;
    }
    if (this.deps.registry.has(this.id, id)) {
      this.sendError(id, [{ errorType: 'DuplicatedOperationError', message: 'Another operation with the same id already exists.' }]);
      return;
    }
    const connection = await this.connectionAuth;
    const authorization = message.payload?.extensions?.authorization;
    // Each subscription carries its own credentials; the connection's stand in when it has none.
    const headers = authorization ? lowerCaseHeaders(authorization) : {};
    const auth = authorization ? await authenticate(headers, this.deps.credentials) : connection;
    if (!connection.ok || !auth.ok) {
      const reason = !auth.ok ? auth.message : connection.ok ? '' : connection.message;
      this.sendError(id, [{ errorType: UNAUTHORIZED_ERROR_TYPE, message: reason }]);
      return;
    }
    const request: RequestMeta = { headers, sourceIp: this.sourceIp };
    const prepared = await prepareSubscription({
      schema: this.deps.schema,
      data: message.payload?.data,
      caller: auth.caller,
      request,
      resolverFor: this.deps.resolverFor,
      log: this.deps.log,
    });
    if (!prepared.ok) {
      this.sendError(id, prepared.errors);
      return;
    }
    this.deps.registry.add({
      ...prepared.spec,
      connectionId: this.id,
      id,
      caller: auth.caller,
      request,
      deliver: (payload) => this.send({ type: 'data', id, payload }),
    });
    this.send({ type: 'start_ack', id });
  }
}

/** AppSync's realtime endpoint (the `graphql-ws` dialect that aws-amplify v6 speaks). */
export function createRealtime(deps: RealtimeDeps) {
  const wss = new WebSocketServer({
    noServer: true,
    // A subscription message is a small document; anything past the request limit is dropped.
    maxPayload: REQUEST_BODY_LIMIT_BYTES,
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });
  const connections = new Set<RealtimeConnection>();
  const attached = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();

  return {
    attach(server: Server): void {
      if (attached.has(server)) return;
      const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Other upgrade paths (the web dev server's HMR socket) belong to other listeners.
        if (pathOf(req.url) !== REALTIME_PATH) return;
        wss.handleUpgrade(req, socket, head, (ws) => {
          const connection: RealtimeConnection = new RealtimeConnection(ws, req, deps, () => connections.delete(connection));
          connections.add(connection);
        });
      };
      server.on('upgrade', onUpgrade);
      attached.set(server, onUpgrade);
    },
    async close(): Promise<void> {
      for (const [server, onUpgrade] of attached) server.off('upgrade', onUpgrade);
      attached.clear();
      for (const connection of connections) connection.close();
      // A client that never answers the close handshake must not hold the shutdown up.
      const stragglers = setTimeout(() => connections.forEach((connection) => connection.terminate()), 1000);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(stragglers);
    },
  };
}
