// Writes that may be sent more than once but must happen once: each user action gets a fresh
// idempotency key, and the client's own retries after a dropped connection reuse it, so the server
// answers a repeat with the first result instead of writing again (lambdas/core/idempotency.ts).
// The key is the mutation's `idempotencyKey` argument, sent as the `$idempotencyKey` variable:
// a custom HTTP header would have to pass AppSync's CORS preflight, which is not documented to
// admit one (docs/decisions/0003-idempotency-key-in-the-request-body.md).
import { ApiError, gql } from './api';

/** A fresh key for one user action (a UUID; 36 characters of letters, digits and "-"). */
export function newActionKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const RETRY_DELAYS_MS = [1_000, 3_000];

/** What every keyed document passes to its mutation field (with `$idempotencyKey: String` declared). */
export const KEY_ARGUMENT = 'idempotencyKey: $idempotencyKey';

/**
 * Sends a create or submit with an idempotency key (a new one unless given) and retries it with
 * the same key when the connection drops before the answer arrives.
 */
export async function keyedGql<T>(
  query: string,
  variables: Record<string, unknown>,
  options: { key?: string; retryDelaysMs?: number[] } = {},
): Promise<T> {
  // A document without the argument would be sent unkeyed and could write twice: a programming error.
  if (!query.includes(KEY_ARGUMENT) || !query.includes('$idempotencyKey: String')) {
    throw new Error(`A keyed write must declare $idempotencyKey: String and pass ${KEY_ARGUMENT}`);
  }
  const key = options.key ?? newActionKey();
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await gql<T>(query, { ...variables, idempotencyKey: key });
    } catch (error) {
      // Offline, a retry cannot help; the caller (e.g. the report queue) tries again when the connection returns.
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      const again = error instanceof ApiError && error.errorType === 'NetworkError' && !offline && attempt < delays.length;
      if (!again) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
