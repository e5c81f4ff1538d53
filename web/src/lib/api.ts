import type { GraphQLResult } from 'aws-amplify/api';
import { QueryClient } from '@tanstack/react-query';
import { amplifyConfig, loadAmplify } from './amplify';

/** The error types the API promises (docs/api.md#conventions), plus the two the client itself can hit. */
export type ApiErrorType =
  | 'ValidationError' | 'Unauthorized' | 'Forbidden' | 'NotFound' | 'Conflict'
  | 'PaymentRequired' | 'RateLimited' | 'Internal' | 'NetworkError' | 'Unknown';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(readonly errorType: ApiErrorType | string, message: string) {
    super(message);
  }
}

type AuthMode = 'userPool' | 'apiKey';

// The auth provider flips this before it enables any signed-in query, so the first `me` request
// already carries the user's token; anonymous calls use the API key for public operations.
let signedIn = false;
export function setApiSignedIn(value: boolean): void {
  signedIn = value;
}
export function currentAuthMode(): AuthMode {
  return signedIn ? 'userPool' : 'apiKey';
}

// Amplify's generic client types are built for its codegen models and overwhelm the compiler on
// plain documents; this layer only needs the untyped call.
type GraphqlCall = (
  options: { query: string; variables?: Record<string, unknown>; authMode: AuthMode },
  additionalHeaders?: Record<string, string>,
) => Promise<unknown>;

let graphql: Promise<GraphqlCall> | null = null;
function signedInCall(): Promise<GraphqlCall> {
  // Loaded on the first signed-in call: Amplify adds the user's token and refreshes it.
  graphql ??= loadAmplify()
    .then(() => import('aws-amplify/api'))
    .then(({ generateClient }) => {
      const client = generateClient();
      return client.graphql.bind(client) as unknown as GraphqlCall;
    });
  graphql.catch(() => {
    graphql = null;
  });
  return graphql;
}

/**
 * Public operations with the API key: one POST, exactly what Amplify would send, without loading
 * Amplify (anonymous visitors of the home page and the map never need it).
 */
async function apiKeyCall(
  { query, variables }: { query: string; variables?: Record<string, unknown> },
  additionalHeaders?: Record<string, string>,
): Promise<unknown> {
  const api = amplifyConfig().API?.GraphQL;
  if (!api?.endpoint || !api.apiKey) throw new ApiError('Unauthorized', 'This deployment has no public API key');
  const response = await fetch(api.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': api.apiKey, ...additionalHeaders },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as GraphQLResult<unknown> | null;
  if (!body) throw new ApiError(response.status === 429 ? 'RateLimited' : 'Unknown', `The server answered ${response.status}`);
  return body;
}

function graphqlCall(authMode: AuthMode): Promise<GraphqlCall> | GraphqlCall {
  return authMode === 'apiKey' ? apiKeyCall : signedInCall();
}

interface RawGraphQLError {
  message?: string;
  errorType?: string;
  extensions?: { errorType?: string; code?: string };
  originalError?: { name?: string; message?: string };
}

/** Turns whatever Amplify threw (a result with `errors`, or a plain Error) into one ApiError. */
export function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  const errors = (thrown as { errors?: RawGraphQLError[] } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const first = errors[0];
    const errorType = first.errorType ?? first.extensions?.errorType ?? first.extensions?.code;
    const original = first.originalError;
    if (!errorType && original && /network|fetch/i.test(`${original.name} ${original.message}`)) {
      return new ApiError('NetworkError', 'The server could not be reached. Check your connection and try again.');
    }
    return new ApiError(errorType ?? 'Unknown', first.message ?? 'The server returned an error');
  }
  if (thrown instanceof Error) {
    const network = thrown instanceof TypeError || /network|failed to fetch/i.test(thrown.message);
    return new ApiError(network ? 'NetworkError' : (thrown.name || 'Unknown'), thrown.message);
  }
  return new ApiError('Unknown', String(thrown));
}

/** What a change made without a connection says (the offline banner says the rest). */
export const OFFLINE_CHANGE_MESSAGE = 'You are offline: this needs the internet. Try again when you are back online.';

const isMutation = (query: string) => /^\s*mutation\b/.test(query);

export async function gql<T>(
  query: string,
  variables?: Record<string, unknown>,
  options: { authMode?: AuthMode } = {},
): Promise<T> {
  // Offline, a change cannot reach the server: say so at once. Sent anyway, the signed-in client
  // keeps retrying the network and the button stays silent for minutes. Reads go on: flood mode
  // answers them from the device.
  if (isMutation(query) && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError('NetworkError', OFFLINE_CHANGE_MESSAGE);
  }
  try {
    const authMode = options.authMode ?? currentAuthMode();
    const call = await graphqlCall(authMode);
    // No custom request headers: AppSync's CORS preflight is not documented to admit them, so a
    // keyed write carries its key as an argument (lib/keyed-write.ts).
    const result = (await call({ query, variables, authMode })) as GraphQLResult<T>;
    if (result.errors?.length) throw result;
    if (result.data == null) throw new ApiError('Unknown', 'The server returned no data');
    return result.data;
  } catch (err) {
    throw toApiError(err);
  }
}

const permanent = new Set(['ValidationError', 'Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'PaymentRequired']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a refusal only delays the message the user needs to see.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && permanent.has(error.errorType)),
      },
      // 'always': a change made offline runs at once and says it needs the internet (gql above).
      // TanStack's default ('online') would pause it in silence until the connection came back
      // and then send it, or drop it when the page is left.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
