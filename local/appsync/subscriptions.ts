import { execute, type DocumentNode, type GraphQLSchema } from 'graphql';
import { toAppSyncError, type AppSyncErrorJson } from './errors';
import type { Caller, ExecutionContext, RequestMeta } from './types';

export interface SubscriptionData {
  data: unknown;
  errors?: AppSyncErrorJson[];
}

/** One registered `start`: what it listens to, who asked, and where its data goes. */
export interface ActiveSubscription {
  connectionId: string;
  id: string;
  fieldName: string;
  /** Mutation fields named in the field's @aws_subscribe. */
  mutations: ReadonlySet<string>;
  /** The subscription's non-null arguments; each must equal the same-named result field. */
  filter: Record<string, unknown>;
  document: DocumentNode;
  operationName?: string;
  rawVariables: Record<string, unknown>;
  caller: Caller;
  request: RequestMeta;
  deliver(message: SubscriptionData): void;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  // An ID argument arrives as a string while a resolver may have returned a number.
  return String(a) === String(b);
}

export function matchesFilter(filter: Record<string, unknown>, result: unknown): boolean {
  const entries = Object.entries(filter);
  if (entries.length === 0) return true;
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return false;
  const fields = result as Record<string, unknown>;
  return entries.every(([name, expected]) => sameValue(fields[name], expected));
}

const keyOf = (connectionId: string, id: string) => `${connectionId}\u0000${id}`;

export class SubscriptionRegistry {
  private readonly active = new Map<string, ActiveSubscription>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly log: (msg: string) => void,
  ) {}

  has(connectionId: string, id: string): boolean {
    return this.active.has(keyOf(connectionId, id));
  }

  add(subscription: ActiveSubscription): void {
    this.active.set(keyOf(subscription.connectionId, subscription.id), subscription);
  }

  remove(connectionId: string, id: string): boolean {
    return this.active.delete(keyOf(connectionId, id));
  }

  removeConnection(connectionId: string): void {
    for (const subscription of [...this.active.values()]) {
      if (subscription.connectionId === connectionId) this.remove(connectionId, subscription.id);
    }
  }

  get size(): number {
    return this.active.size;
  }

  /** Sends a mutation result to every subscription that lists the mutation and whose filter matches. */
  publish(mutationField: string, result: unknown): void {
    for (const subscription of this.active.values()) {
      if (!subscription.mutations.has(mutationField) || !matchesFilter(subscription.filter, result)) continue;
      this.deliver(subscription, result).catch((error: unknown) => {
        this.log(`subscription ${subscription.fieldName} delivery failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      });
    }
  }

  /** Shapes the result with the subscriber's own selection set, under the subscriber's auth rules. */
  private async deliver(subscription: ActiveSubscription, payload: unknown): Promise<void> {
    const context: ExecutionContext = {
      caller: subscription.caller,
      request: subscription.request,
      rawVariables: subscription.rawVariables,
      subscriptionPayload: payload,
      log: this.log,
    };
    const result = await execute({
      schema: this.schema,
      document: subscription.document,
      operationName: subscription.operationName,
      variableValues: subscription.rawVariables,
      contextValue: context,
    });
    // The subscriber may have stopped while the payload was being shaped.
    if (!this.has(subscription.connectionId, subscription.id)) return;
    subscription.deliver({
      data: result.data ?? null,
      ...(result.errors?.length ? { errors: result.errors.map(toAppSyncError) } : {}),
    });
  }
}
