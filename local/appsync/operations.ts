import {
  GraphQLError,
  Kind,
  execute,
  getOperationAST,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import { QUERY_TOKEN_LIMIT, queryLimitMessages } from '../../lib/api-limits';
import { toAppSyncError, type AppSyncErrorJson } from './errors';
import { checkQueryLimits, limitError } from './limits';
import { mutationPublications } from './mutation-payload';
import type { Fragments } from './resolver-event';
import type { ExecutionContext } from './types';

export interface GraphQLRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphQLResponseBody {
  data: unknown;
  errors?: AppSyncErrorJson[];
}

export type Publish = (mutationField: string, result: unknown) => void;

export function fragmentsOf(document: DocumentNode): Fragments {
  const fragments: Fragments = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition as FragmentDefinitionNode;
  }
  return fragments;
}

function failure(...errors: GraphQLError[]): GraphQLResponseBody {
  return { data: null, errors: errors.map(toAppSyncError) };
}

/**
 * Parses and validates a document; the errors come back in AppSync's shape. The request limits
 * are checked between the two, so an oversized document is refused before any costly rule runs.
 */
export function parseDocument(schema: GraphQLSchema, query: unknown): { document: DocumentNode } | { errors: GraphQLError[] } {
  if (typeof query !== 'string' || query.trim() === '') return { errors: [new GraphQLError('Must provide query string.')] };
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: QUERY_TOKEN_LIMIT });
  } catch (error) {
    if (error instanceof GraphQLError && /\d+ tokens/.test(error.message)) return { errors: [limitError(queryLimitMessages.tokens())] };
    return { errors: [error instanceof GraphQLError ? error : new GraphQLError('Unable to parse GraphQL query.')] };
  }
  const overLimit = checkQueryLimits(document);
  if (overLimit) return { errors: [overLimit] };
  const errors = validate(schema, document);
  return errors.length > 0 ? { errors: [...errors] } : { document };
}

export function variablesOf(variables: unknown): Record<string, unknown> {
  return variables !== null && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {};
}

/** Runs a query or mutation; a successful mutation field is then published to its subscribers. */
export async function runOperation(
  schema: GraphQLSchema,
  body: GraphQLRequestBody,
  context: Omit<ExecutionContext, 'rawVariables'>,
  publish: Publish,
): Promise<GraphQLResponseBody> {
  const parsed = parseDocument(schema, body.query);
  if ('errors' in parsed) return failure(...parsed.errors);
  const { document } = parsed;
  const operationName = typeof body.operationName === 'string' && body.operationName !== '' ? body.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    return failure(new GraphQLError(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.'));
  }
  if (operation.operation === 'subscription') {
    return failure(new GraphQLError('Subscriptions are served over the realtime endpoint (/graphql/realtime).', { nodes: operation }));
  }
  const rawVariables = variablesOf(body.variables);
  const result = await execute({
    schema,
    document,
    operationName,
    variableValues: rawVariables,
    contextValue: { ...context, rawVariables } satisfies ExecutionContext,
  });
  if (operation.operation === 'mutation' && result.data) {
    for (const { fieldName, payload } of mutationPublications(operation, fragmentsOf(document), result.data)) {
      publish(fieldName, payload);
    }
  }
  return { data: result.data ?? null, ...(result.errors?.length ? { errors: result.errors.map(toAppSyncError) } : {}) };
}
