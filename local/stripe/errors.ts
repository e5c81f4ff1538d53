// Stripe emulator (a local stand-in for api.stripe.com): errors shaped like Stripe's
// `{ error: { type, code, message, param } }` with the HTTP status the Stripe SDK maps to
// StripeInvalidRequestError (400/404), StripeAuthenticationError (401) or StripeCardError (402).

export type StripeErrorBody = {
  type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
};

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param });
}

export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function unknownRoute(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). The local Stripe emulator does not implement this endpoint.`,
  });
}

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

export function cardDeclined(): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: CARD_DECLINED_MESSAGE,
  });
}
