// Typed errors. Each becomes a GraphQL error whose errorType is the class name and whose
// message is shown to the user as is (the spec's wording), so never put internals in one.
export const ERROR_TYPES = [
  'ValidationError',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'Conflict',
  'PaymentRequired',
  'RateLimited',
  'Internal',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export class AppError extends Error {
  constructor(
    readonly errorType: ErrorType,
    message: string,
  ) {
    super(message);
    // AppSync's direct Lambda resolvers report a thrown error's name as the GraphQL errorType.
    this.name = errorType;
  }
}

export const validationError = (message: string) => new AppError('ValidationError', message);
export const unauthorized = (message = 'You must be signed in to do that') => new AppError('Unauthorized', message);
export const forbidden = (message = 'You do not have permission to view this resource') => new AppError('Forbidden', message);
export const notFound = (message: string) => new AppError('NotFound', message);
export const conflict = (message: string) => new AppError('Conflict', message);
export const paymentRequired = (message = 'LGA does not have an active subscription') => new AppError('PaymentRequired', message);
export const rateLimited = (message: string) => new AppError('RateLimited', message);

export const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && (ERROR_TYPES as readonly string[]).includes(error.name) && 'errorType' in error);
}
