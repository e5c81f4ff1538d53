import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createHttpHandler } from './http';
import { createRealtime } from './realtime';
import { buildLocalSchema } from './schema';
import { SubscriptionRegistry } from './subscriptions';
import type { LocalAppSyncOptions } from './types';

export type { CognitoIdentityClaims, LocalAppSyncOptions } from './types';

export interface LocalAppSync {
  /** Serves POST /graphql and its CORS preflight; resolves false when the path is not /graphql. */
  handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Accepts WebSocket upgrades on /graphql/realtime (AppSync's realtime protocol). */
  attachRealtime(server: Server): void;
  /** Sends a mutation field's result to its subscribers; mutations over HTTP call it themselves. */
  publish(mutationField: string, result: unknown): void;
  close(): Promise<void>;
}

/** AppSync on a laptop: the project's schema and Lambda handlers behind AppSync's wire protocols. */
export function createLocalAppSync(opts: LocalAppSyncOptions): LocalAppSync {
  const log = opts.log ?? (() => {});
  const schema = buildLocalSchema(opts.schemaSdl, opts.resolverFor);
  const credentials = { apiKey: opts.apiKey, verifyToken: opts.verifyToken };
  const registry = new SubscriptionRegistry(schema, log);
  const publish = (mutationField: string, result: unknown) => registry.publish(mutationField, result);
  const handleHttp = createHttpHandler({ schema, credentials, publish, log });
  const realtime = createRealtime({
    schema,
    credentials,
    registry,
    resolverFor: opts.resolverFor,
    log,
    keepAliveIntervalMs: opts.keepAliveIntervalMs,
  });

  return {
    handleHttp,
    attachRealtime: (server) => realtime.attach(server),
    publish,
    close: () => realtime.close(),
  };
}
