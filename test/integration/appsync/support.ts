// A local AppSync on a throwaway port, with a small schema of its own, test doubles of the
// Lambda handlers, and a real RSA key pair behind a JWKS endpoint (standing in for cognito-local).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { WebSocket } from 'ws';
import { createCognitoVerifier } from '../../../local/appsync/cognito-verifier';
import { createLocalAppSync, type LocalAppSync } from '../../../local/appsync/server';
import type { LambdaResolver } from '../../../local/appsync/types';

export const USER_POOL_ID = 'ap-southeast-2_TestPool1';
export const CLIENT_ID = 'test-client-id';
export const API_KEY = 'da2-testkey';

export const TEST_SCHEMA = /* GraphQL */ `
schema {
  query: Query
  mutation: Mutation
  subscription: Subscription
}

type Owner @aws_cognito_user_pools {
  uid: ID!
  email: String!
}

type Closure @aws_api_key @aws_cognito_user_pools {
  id: ID!
  lgaCode: String!
  reason: String
  geometry: AWSJSON
  updatedAt: AWSTimestamp!
  internalNotes: String @aws_cognito_user_pools
  owner: Owner
}

type Me {
  uid: ID!
  username: String
  groups: [String!]
}

type Query {
  closure(id: ID!): Closure @aws_api_key @aws_cognito_user_pools
  me: Me
  adminReport: String @aws_cognito_user_pools(cognito_groups: ["admin"])
  failing(kind: String!): String @aws_api_key @aws_cognito_user_pools
  echoJson(value: AWSJSON!): AWSJSON @aws_api_key @aws_cognito_user_pools
  unresolved: String @aws_api_key
}

type Mutation {
  updateClosure(id: ID!, lgaCode: String!, reason: String, geometry: AWSJSON): Closure @aws_api_key @aws_cognito_user_pools
}

type Subscription {
  onClosureChanged(lgaCode: String): Closure
    @aws_subscribe(mutations: ["updateClosure"])
    @aws_api_key @aws_cognito_user_pools
  onGuardedClosure(lgaCode: String!): Closure
    @aws_subscribe(mutations: ["updateClosure"])
    @aws_api_key @aws_cognito_user_pools
  onStaffOnly: Closure @aws_subscribe(mutations: ["updateClosure"])
}
`;

const forbidden = (message: string) => Object.assign(new Error(message), { name: 'Forbidden' });

export function closureFor(args: Record<string, unknown>) {
  return {
    id: args.id,
    lgaCode: args.lgaCode,
    reason: args.reason ?? null,
    geometry: args.geometry ?? null,
    updatedAt: 1_700_000_000,
    internalNotes: 'staff only',
    owner: { uid: 'owner-1', email: 'owner@example.com' },
  };
}

/** Test doubles of the domain Lambda handlers, keyed "Type.field". */
export function fakeResolvers(): Record<string, LambdaResolver> {
  return {
    'Query.closure': async (event) => closureFor({ id: event.arguments.id, lgaCode: '12900', reason: 'Flooding' }),
    'Query.me': async (event) => {
      const identity = event.identity as { sub: string; username: string; groups: string[] | null };
      return { uid: identity.sub, username: identity.username, groups: identity.groups };
    },
    'Query.adminReport': async () => 'all good',
    'Query.failing': async (event) => {
      if (event.arguments.kind === 'typed') throw Object.assign(new Error('Closure not found'), { name: 'NotFound' });
      throw new Error('connect ECONNREFUSED dynamodb table road-closures-local');
    },
    'Query.echoJson': async (event) => event.arguments.value,
    'Mutation.updateClosure': async (event) => closureFor(event.arguments),
    'Subscription.onGuardedClosure': async (event) => {
      if (event.arguments.lgaCode !== 'A') throw forbidden('You may only follow council A');
      return null;
    },
  };
}

export interface TokenIssuer {
  jwksUrl: string;
  issuer: string;
  sign(claims: Record<string, unknown>, options?: { expiresIn?: string | number; key?: KeyLike; issuer?: string }): Promise<string>;
  /** A key pair the JWKS does not publish. */
  foreignKey: KeyLike;
  close(): Promise<void>;
}

export async function startTokenIssuer(): Promise<TokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    if (req.url === `/${USER_POOL_ID}/.well-known/jwks.json`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/${USER_POOL_ID}`;
  return {
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    issuer,
    foreignKey: foreign.privateKey,
    sign: (claims, options = {}) =>
      new SignJWT({ token_use: 'access', client_id: CLIENT_ID, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? issuer)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key ?? privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An access token like cognito-local's for a user of the test pool. */
export function accessToken(issuer: TokenIssuer, user: { sub: string; username: string; groups?: string[] }) {
  return issuer.sign({ sub: user.sub, username: user.username, ...(user.groups ? { 'cognito:groups': user.groups } : {}) });
}

export interface TestApi {
  url: string;
  port: number;
  appsync: LocalAppSync;
  issuer: TokenIssuer;
  logs: string[];
  /** Every event each fake resolver received, keyed "Type.field". */
  events: Map<string, unknown[]>;
  post(body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function startTestApi(options: { keepAliveIntervalMs?: number } = {}): Promise<TestApi> {
  const issuer = await startTokenIssuer();
  const verifier = createCognitoVerifier({ trust: { jwksUrl: issuer.jwksUrl }, userPoolId: USER_POOL_ID, clientId: CLIENT_ID });
  const resolvers = fakeResolvers();
  const events = new Map<string, unknown[]>();
  const logs: string[] = [];
  const appsync = createLocalAppSync({
    schemaSdl: TEST_SCHEMA,
    apiKey: API_KEY,
    verifyToken: verifier,
    resolverFor: (type, field) => {
      const resolver = resolvers[`${type}.${field}`];
      if (!resolver) return undefined;
      return async (event) => {
        events.set(`${type}.${field}`, [...(events.get(`${type}.${field}`) ?? []), event]);
        return resolver(event);
      };
    },
    log: (msg) => logs.push(msg),
    keepAliveIntervalMs: options.keepAliveIntervalMs,
  });
  const server = http.createServer(async (req, res) => {
    if (await appsync.handleHttp(req, res)) return;
    res.writeHead(404);
    res.end();
  });
  appsync.attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    appsync,
    issuer,
    logs,
    events,
    async post(body, headers = {}) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async close() {
      await appsync.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await issuer.close();
    },
  };
}

/** A raw realtime client speaking AppSync's protocol, recording every server message. */
export class RealtimeClient {
  readonly messages: any[] = [];
  private waiters: { predicate: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.predicate(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static async connect(port: number, header: Record<string, string>, transport: 'subprotocol' | 'query' = 'subprotocol') {
    const encoded = Buffer.from(JSON.stringify(header)).toString(transport === 'subprotocol' ? 'base64url' : 'base64');
    const ws =
      transport === 'subprotocol'
        ? new WebSocket(`ws://127.0.0.1:${port}/graphql/realtime`, ['graphql-ws', `header-${encoded}`])
        : new WebSocket(`ws://127.0.0.1:${port}/graphql/realtime?header=${encodeURIComponent(encoded)}&payload=e30=`, ['graphql-ws']);
    const client = new RealtimeClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Resolves with the first message (already received or still to come) matching the predicate. */
  next(predicate: (m: any) => boolean): Promise<any> {
    const seen = this.messages.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  async init(): Promise<any> {
    this.send({ type: 'connection_init' });
    return this.next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
  }

  async start(id: string, query: string, variables: Record<string, unknown>, authorization: Record<string, string>): Promise<any> {
    this.send({ id, type: 'start', payload: { data: JSON.stringify({ query, variables }), extensions: { authorization } } });
    return this.next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  }

  close(): void {
    this.ws.close();
  }
}
