import type { AppSyncResolverEvent } from 'aws-lambda';

/** Claims of a verified Cognito user-pool JWT (access or id token). */
export interface CognitoIdentityClaims {
  sub: string;
  iss: string;
  token_use: 'access' | 'id';
  exp: number;
  username?: string;
  'cognito:username'?: string;
  'cognito:groups'?: string[];
  client_id?: string;
  aud?: string | string[];
  [claim: string]: unknown;
}

export type LambdaResolver = (event: AppSyncResolverEvent<any>) => Promise<unknown>;

export interface LocalAppSyncOptions {
  /** Contents of lib/schema.graphql, without AppSync's scalars and directives. */
  schemaSdl: string;
  /** The only x-api-key value accepted. */
  apiKey: string;
  /** Resolves to the JWT's claims; throws when the token is not acceptable. */
  verifyToken(jwt: string): Promise<CognitoIdentityClaims>;
  resolverFor(parentTypeName: string, fieldName: string): LambdaResolver | undefined;
  log?: (msg: string) => void;
  /** Interval of the realtime `ka` messages; AppSync sends one about every minute. */
  keepAliveIntervalMs?: number;
}

/** Who is calling: AppSync passes no identity for API-key calls. */
export type Caller = { mode: 'apiKey' } | { mode: 'userPool'; claims: CognitoIdentityClaims };

/** What a resolver event needs from the transport (HTTP request or realtime `start`). */
export interface RequestMeta {
  headers: Record<string, string>;
  sourceIp: string[];
}

/** graphql-js context value of every operation the emulator executes. */
export interface ExecutionContext {
  caller: Caller;
  request: RequestMeta;
  /** The operation's variables as sent by the client (AppSync hands them to resolvers raw). */
  rawVariables: Record<string, unknown>;
  /** Set only while a published mutation result is shaped for one subscriber. */
  subscriptionPayload?: unknown;
  log: (msg: string) => void;
}
