import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { fromResolverFailure, unauthorizedField } from './errors';
import { fieldRule, isAllowed } from './field-rules';
import { fragmentsOf, parseDocument, variablesOf } from './operations';
import { resolverEvent } from './resolver-event';
import { subscribedMutations } from './schema';
import type { Caller, LocalAppSyncOptions, RequestMeta } from './types';

/** An entry of a realtime `error` message's payload.errors. */
export interface RealtimeError {
  errorType?: string;
  message: string;
}

export interface SubscriptionSpec {
  fieldName: string;
  mutations: ReadonlySet<string>;
  filter: Record<string, unknown>;
  document: DocumentNode;
  operationName?: string;
  rawVariables: Record<string, unknown>;
}

export type Prepared = { ok: true; spec: SubscriptionSpec } | { ok: false; errors: RealtimeError[] };

interface SubscribeInput {
  schema: GraphQLSchema;
  /** payload.data of the `start` message: a JSON string of { query, variables }. */
  data: unknown;
  caller: Caller;
  request: RequestMeta;
  resolverFor: LocalAppSyncOptions['resolverFor'];
  log: (msg: string) => void;
}

const rejected = (...errors: RealtimeError[]): Prepared => ({ ok: false, errors });
const fromGraphQL = (errors: readonly GraphQLError[]) => rejected(...errors.map((e) => ({ message: e.message })));

function requestOf(data: unknown): { query?: unknown; variables?: unknown; operationName?: unknown } | undefined {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Everything AppSync checks when a subscription starts: a valid single-field subscription, the
 * field's auth directives for this caller, then the field's resolver (which may refuse by throwing).
 */
export async function prepareSubscription(input: SubscribeInput): Promise<Prepared> {
  const request = requestOf(input.data);
  if (!request) return rejected({ errorType: 'MalformedRequest', message: 'The subscription payload is not valid JSON.' });
  const parsed = parseDocument(input.schema, request.query);
  if ('errors' in parsed) return fromGraphQL(parsed.errors);
  const { document } = parsed;
  const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  const subscriptionType = input.schema.getSubscriptionType();
  const fieldNode = operation?.selectionSet.selections[0];
  if (!operation || operation.operation !== 'subscription' || !subscriptionType || fieldNode?.kind !== Kind.FIELD) {
    return rejected({ errorType: 'UnsupportedOperation', message: 'Only a subscription operation can be started on the realtime endpoint.' });
  }
  const fieldName = fieldNode.name.value;
  const field = subscriptionType.getFields()[fieldName];
  if (!isAllowed(fieldRule(subscriptionType, fieldName), input.caller)) {
    const denied = unauthorizedField(fieldName, subscriptionType.name);
    return rejected({ errorType: denied.errorType, message: denied.message });
  }

  const rawVariables = variablesOf(request.variables);
  const variables = getVariableValues(input.schema, operation.variableDefinitions ?? [], rawVariables);
  if (variables.errors) return fromGraphQL(variables.errors);
  let args: Record<string, unknown>;
  try {
    args = getArgumentValues(field, fieldNode, variables.coerced);
  } catch (error) {
    return fromGraphQL([error instanceof GraphQLError ? error : new GraphQLError(String(error))]);
  }

  const lambda = input.resolverFor(subscriptionType.name, fieldName);
  if (lambda) {
    const event = resolverEvent({
      parentTypeName: subscriptionType.name,
      fieldName,
      arguments: args,
      fieldNodes: [fieldNode],
      fragments: fragmentsOf(document),
      caller: input.caller,
      request: input.request,
      rawVariables,
    });
    try {
      await lambda(event);
    } catch (error) {
      const failure = fromResolverFailure(error, `${subscriptionType.name}.${fieldName}`, input.log);
      return rejected({ errorType: failure.errorType, message: failure.message });
    }
  }

  const filter = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
  return { ok: true, spec: { fieldName, mutations: new Set(subscribedMutations(field).filter((m): m is string => typeof m === 'string')), filter, document, operationName, rawVariables } };
}
