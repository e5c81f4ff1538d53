import type { GraphQLError } from 'graphql';
import { ERROR_TYPES, INTERNAL_MESSAGE } from '../../lambdas/core/errors';

/** An error AppSync reports with an errorType: a resolver's own, or a field authorization denial. */
export class TypedFieldError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
    this.name = 'TypedFieldError';
  }
}

export interface AppSyncErrorJson {
  path: ReadonlyArray<string | number> | null;
  data: null;
  errorType?: string;
  errorInfo: null;
  locations: { line: number; column: number; sourceName: null }[] | null;
  message: string;
}

export const unauthorizedField = (fieldName: string, typeName: string) =>
  new TypedFieldError('Unauthorized', `Not Authorized to access ${fieldName} on type ${typeName}`);

/**
 * What a direct Lambda resolver's failure looks like to the client: AppSync reports the thrown
 * error's name as errorType. Only the project's typed errors carry user-facing text; anything
 * else is a bug whose details stay in the log.
 */
export function fromResolverFailure(error: unknown, where: string, log: (msg: string) => void): TypedFieldError {
  if (error instanceof Error && (ERROR_TYPES as readonly string[]).includes(error.name)) {
    return new TypedFieldError(error.name, error.message);
  }
  log(`resolver ${where} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new TypedFieldError('Internal', INTERNAL_MESSAGE);
}

/** AppSync's error shape: errorType and friends sit beside the message, not in `extensions`. */
export function toAppSyncError(error: GraphQLError): AppSyncErrorJson {
  const typed = error.originalError instanceof TypedFieldError ? error.originalError : undefined;
  return {
    path: error.path ?? null,
    data: null,
    ...(typed ? { errorType: typed.errorType } : {}),
    errorInfo: null,
    locations: error.locations?.map(({ line, column }) => ({ line, column, sourceName: null })) ?? null,
    message: typed ? typed.message : error.message,
  };
}
