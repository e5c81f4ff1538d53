// Safe retries of the API's writes. A phone on one bar of signal may send the same report or
// closure twice (the first answer was lost on the way back); the client names each user action
// with an idempotency key, and the server answers a repeat with the first result instead of
// writing again. The key travels as the mutation's optional `idempotencyKey` argument (what the
// web app sends: a browser's cross-origin request to AppSync cannot rely on a custom header
// passing AppSync's CORS preflight) or in the `Idempotency-Key` HTTP header (other clients);
// when both are sent they must be the same key. This module holds the rules; the record
// keeping is Powertools idempotency over the table (lambdas/adapters/idempotency/store.ts).
import { z } from 'zod';
import { conflict, validationError } from './errors';

/** The header that carries the key (HTTP header names are case-insensitive; AppSync lower-cases them). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The writes that honour a key: every mutation that creates something or submits something
 * (a test checks this list against the create/submit mutations of lib/schema.graphql).
 */
export const IDEMPOTENT_MUTATIONS: readonly string[] = [
  'createClosure',
  'createMediaUpload',
  'submitReport',
  'setUnsealedRoadsStatus',
  'createCheckoutSession',
  'createBillingPortalSession',
  'createQuote',
  'createContentTask',
  'createLgaDataUpload',
  'submitEnquiry',
];

/** How long a first result is kept for its repeats: a week covers a phone that stayed offline for days. */
export const IDEMPOTENCY_RECORD_SECONDS = 7 * 24 * 3600;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const KEY_INVALID_MESSAGE = 'The idempotency key must be 8 to 100 letters, digits, "-" or "_".';
export const KEY_REUSED_MESSAGE =
  'This request repeats an earlier one with the same idempotency key but different details. Start a new action instead of retrying.';
export const IN_PROGRESS_MESSAGE = 'This request is still being processed. Please try again in a moment.';

/** The mutations' optional argument that carries the key (lib/schema.graphql; a test checks every listed mutation has it). */
export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

export const KEYS_DIFFER_MESSAGE = 'The idempotency key of the request header and of the idempotencyKey argument differ. Send one key.';

/** The argument's schema: absent (or null) is no key; otherwise the same rule as the header. */
export const idempotencyKeyArgument = z
  .string()
  .regex(KEY_PATTERN, KEY_INVALID_MESSAGE)
  .nullish();

/**
 * Splits the key off a keyed mutation's arguments: the rest is what the field's own schema
 * checks and what a repeat must match (so a retry may move the key between header and argument).
 */
export function takeIdempotencyKey(
  headers: Record<string, unknown> | null | undefined,
  args: Record<string, unknown>,
): { key: string | undefined; rest: Record<string, unknown> } {
  const { [IDEMPOTENCY_ARGUMENT]: raw, ...rest } = args;
  const parsed = idempotencyKeyArgument.safeParse(raw);
  if (!parsed.success) throw validationError(KEY_INVALID_MESSAGE);
  const fromArgument = parsed.data ?? undefined;
  const fromHeader = idempotencyKeyOf(headers);
  if (fromArgument !== undefined && fromHeader !== undefined && fromArgument !== fromHeader) throw validationError(KEYS_DIFFER_MESSAGE);
  return { key: fromArgument ?? fromHeader, rest };
}

/** Reads the key from the request headers: undefined when none was sent; a refusal when it is malformed. */
export function idempotencyKeyOf(headers: Record<string, unknown> | null | undefined): string | undefined {
  if (!headers) return undefined;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER);
  const value = entry?.[1];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw validationError(KEY_INVALID_MESSAGE);
  return value;
}

/**
 * What a record is filed under: the caller and the operation as well as the key, so one user can
 * never be answered with another user's result, and one key names one kind of write.
 */
export function idempotencyScope(callerUid: string, fieldName: string, key: string): string {
  return `${callerUid}#${fieldName}#${key}`;
}

export const keyReused = () => validationError(KEY_REUSED_MESSAGE);
export const stillInProgress = () => conflict(IN_PROGRESS_MESSAGE);
