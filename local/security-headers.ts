// The security headers of the local web server, on every response: the same set CloudFront's
// response-headers policies send in AWS (lib/web.ts), with the local services' addresses
// (cognito-local, s3rver and the realtime socket on 127.0.0.1) in place of the AWS hosts, and
// without upgrade-insecure-requests, because the local origin is plain http.
import type { ServerResponse } from 'node:http';

/** The embeddable map's path (as CloudFront's embed behaviour in lib/web.ts). */
export const EMBED_PATH = '/lga-embed';

/**
 * The embeddable map is the only page other sites may frame, and only at its exact path: a prefix
 * would let `/lga-embed/` or `/lga-embedx` frame the whole app, navigation and all.
 */
export const isEmbedPath = (pathname: string) => pathname === EMBED_PATH;

const LOCAL = 'http://127.0.0.1:* http://localhost:*';

export function localCsp(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Amplify UI's ThemeProvider injects a <style> element; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${LOCAL} ws://127.0.0.1:* ws://localhost:*`,
    `img-src 'self' data: blob: ${LOCAL}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export const HSTS = 'max-age=63072000; includeSubDomains';

/** Sets the headers before the route writes its own; a route's writeHead adds to them. */
export function applySecurityHeaders(res: ServerResponse, pathname: string): void {
  const embed = isEmbedPath(pathname);
  res.setHeader('content-security-policy', localCsp(embed ? '*' : "'none'"));
  res.setHeader('strict-transport-security', HSTS);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('permissions-policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
  if (!embed) res.setHeader('x-frame-options', 'DENY');
}
