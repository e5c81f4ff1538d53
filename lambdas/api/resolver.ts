// One Lambda serves several GraphQL fields of a domain (Powertools' AppSync resolver-router
// model): each field declares its zod schema and an access level; this module parses, loads the
// caller from the database, runs the field and turns every failure into a typed GraphQL error.
import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import type { z } from 'zod';
import { AppError, INTERNAL_MESSAGE, isAppError, unauthorized } from '../core/errors';
import { parseArgs } from '../core/validation';
import type { Principal } from '../core/access';
import { getProfile, loadPrincipal } from '../adapters/identity/principal';
import { IDEMPOTENT_MUTATIONS, takeIdempotencyKey } from '../core/idempotency';
import { runOnce } from '../adapters/idempotency/store';
import { signInRouteOf, type SignInRoute } from '../core/identity/mfa';
import { roadGraphReady } from '../adapters/platform/road-graph-file';

let graphLogged = false;

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });

export interface Caller {
  uid: string;
  /** How the token was obtained: an administrator has admin power only with the app's own sign-in. */
  signIn: SignInRoute;
}

export interface ResolverContext<Args> {
  args: Args;
  /** The signed-in caller, or null for API-key (anonymous) calls. */
  caller: Caller | null;
  /** Loads the caller's profile and roles from the database (cached per invocation). */
  principal(): Promise<Principal>;
  event: AppSyncResolverEvent<Record<string, unknown>>;
}

export interface FieldDefinition<S extends z.ZodTypeAny> {
  args: S;
  /** 'public': anyone (API key or user pool); 'user': a signed-in user. Finer checks go in resolve. */
  access: 'public' | 'user';
  /**
   * Who may do it, checked on every call before anything else runs. Required for the writes that
   * honour an idempotency key: a repeat is answered from the stored first result without running
   * `resolve`, so a caller who lost the right since (a removed account manager) must be refused here.
   */
  authorize?(ctx: ResolverContext<z.infer<S>>): Promise<void>;
  resolve(ctx: ResolverContext<z.infer<S>>): Promise<unknown>;
}

export function field<S extends z.ZodTypeAny>(definition: FieldDefinition<S>): FieldDefinition<S> {
  return definition;
}

function callerOf(event: AppSyncResolverEvent<Record<string, unknown>>): Caller | null {
  const identity = event.identity as { sub?: string; claims?: Record<string, unknown> } | null | undefined;
  if (!identity?.sub) return null;
  // The token's email is not used: who the caller is, and their address, come from the profile.
  return { uid: identity.sub, signIn: signInRouteOf(identity.claims) };
}

export const ACCOUNT_NOT_SET_UP = 'Your account is not set up yet. Please sign in again.';

/**
 * The caller as the database knows them. A profile is made only where the address is known to be
 * proved (the post-confirmation trigger, the demo personas), never here from a token: a token
 * outlives its deleted account and cannot say whether its email was verified.
 */
async function principalFor(caller: Caller | null): Promise<Principal> {
  if (!caller) throw unauthorized();
  const profile = await getProfile(caller.uid);
  if (!profile) throw unauthorized(ACCOUNT_NOT_SET_UP);
  return loadPrincipal(profile, caller.signIn);
}

export function createResolverHandler(fields: Record<string, FieldDefinition<z.ZodTypeAny>>) {
  const unguarded = Object.keys(fields).filter((name) => IDEMPOTENT_MUTATIONS.includes(name) && !fields[name].authorize);
  if (unguarded.length > 0) throw new Error(`Keyed mutations need an authorize step checked before a repeat is answered: ${unguarded.join(', ')}`);
  const resolve = async (event: AppSyncResolverEvent<Record<string, unknown>>, context: Context) => {
    const definition = fields[event.info.fieldName];
    try {
      if (!definition) throw new AppError('NotFound', `No resolver for ${event.info.fieldName}`);
      const caller = callerOf(event);
      if (definition.access === 'user' && !caller) throw unauthorized();
      // A keyed create or submit: its key (argument or header) is split off before the field's schema.
      const keyed = IDEMPOTENT_MUTATIONS.includes(event.info.fieldName);
      const { key, rest } = keyed ? takeIdempotencyKey(event.request?.headers, event.arguments ?? {}) : { key: undefined, rest: event.arguments ?? {} };
      const args = parseArgs(definition.args, rest);
      let principal: Promise<Principal> | undefined;
      const ctx: ResolverContext<unknown> = { args, caller, event, principal: () => (principal ??= principalFor(caller)) };
      // Access is decided now, from the database, also for a repeat answered from a stored result.
      if (definition.authorize) await definition.authorize(ctx);
      // A road-engine Lambda in AWS fetches its graph from S3 on its first request (no-op elsewhere).
      const graph = await roadGraphReady();
      if (graph && !graphLogged) {
        graphLogged = true;
        logger.info('road graph fetched', { path: graph.path, bytes: graph.bytes, downloadMs: Math.round(graph.downloadMs) });
      }
      const run = () => definition.resolve(ctx);
      // A keyed create or submit from a signed-in caller runs once; its repeats get the first result.
      if (key && caller) {
        return await runOnce({ uid: caller.uid, fieldName: event.info.fieldName, key, payload: rest, context }, run);
      }
      return await run();
    } catch (error) {
      if (isAppError(error)) throw error;
      logger.error('resolver failed', { field: event.info.fieldName, error: error as Error });
      // Never leak internals (table names, stacks) to the client.
      throw new AppError('Internal', INTERNAL_MESSAGE);
    }
  };
  return middy(resolve).use(injectLambdaContext(logger, { clearState: true }));
}
