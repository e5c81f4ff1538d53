import type { Caller, CognitoIdentityClaims } from './types';

export type Authentication = { ok: true; caller: Caller } | { ok: false; message: string };

export interface Credentials {
  apiKey: string;
  verifyToken(jwt: string): Promise<CognitoIdentityClaims>;
}

// AppSync's own wording for each way a request can fail authentication.
const MISSING = 'Valid authorization header not provided.';
const NOT_AUTHORIZED = 'You are not authorized to make this call.';
const UNPARSABLE = 'Unable to parse JWT token.';
const EXPIRED = 'Token has expired.';

export const UNAUTHORIZED_ERROR_TYPE = 'UnauthorizedException';

/** Header names are matched case-insensitively, as HTTP does; realtime headers arrive as JSON. */
export function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') out[name.toLowerCase()] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') out[name.toLowerCase()] = value.join(', ');
  }
  return out;
}

function isExpiry(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === 'ERR_JWT_EXPIRED' || name === 'JWTExpired';
}

/**
 * Decides the auth mode from the headers as AppSync does: a user-pool token in Authorization
 * (raw, or tolerated with a "Bearer " prefix), otherwise the API key in x-api-key.
 */
export async function authenticate(headers: Record<string, string>, credentials: Credentials): Promise<Authentication> {
  const authorization = headers.authorization?.trim();
  if (authorization) {
    const jwt = authorization.replace(/^Bearer\s+/i, '');
    if (jwt.split('.').length !== 3) return { ok: false, message: UNPARSABLE };
    try {
      const claims = await credentials.verifyToken(jwt);
      return { ok: true, caller: { mode: 'userPool', claims } };
    } catch (error) {
      return { ok: false, message: isExpiry(error) ? EXPIRED : NOT_AUTHORIZED };
    }
  }
  const apiKey = headers['x-api-key'];
  if (apiKey !== undefined) {
    return apiKey === credentials.apiKey ? { ok: true, caller: { mode: 'apiKey' } } : { ok: false, message: NOT_AUTHORIZED };
  }
  return { ok: false, message: MISSING };
}
