// Diagnostics and analytics without personal data: identical client errors share a fingerprint,
// a URL is reduced to its route pattern (ids, codes and query strings dropped) and a user agent
// to a browser name and major version.
import { createHash } from 'node:crypto';

/** Segments that identify a record (numbers, LGA codes, uuids, long hex or mixed ids) become `:id`. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|(?=[a-z0-9_-]*\d)[a-z0-9_-]{12,})$/i;
const ROUTE_SEGMENT = /^(:?[a-z0-9-]+|\*)$/i;
const MAX_SEGMENTS = 6;

/**
 * The route pattern of a URL or path: `/closures/3f2a…/detail?x=1` → `/closures/:id/detail`.
 * Anything unexpected in a segment turns it into `:id`, so no free text survives.
 */
export function routePattern(urlOrPath: string): string {
  let path = urlOrPath;
  try {
    path = new URL(urlOrPath, 'http://x').pathname;
  } catch {
    path = '/';
  }
  const segments = path.split('/').filter(Boolean).slice(0, MAX_SEGMENTS);
  const kept = segments.map((s) => {
    let segment = s;
    try {
      segment = decodeURIComponent(s);
    } catch {
      return ':id';
    }
    return ID_SEGMENT.test(segment) || !ROUTE_SEGMENT.test(segment) || segment.length > 40 ? ':id' : segment.toLowerCase();
  });
  return `/${kept.join('/')}`;
}

const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

/** "Chrome 131", "Safari 17"… or "Other" (the full user agent is never stored). */
export function browserOf(userAgent: string | undefined | null): string {
  if (!userAgent) return 'Unknown';
  const mobile = /Mobi|Android|iPhone|iPad/.test(userAgent) ? ' (mobile)' : '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}${mobile}`;
  }
  return 'Other';
}

/** The first stack frame, without line and column numbers' volatile cache-busting query strings. */
function firstFrame(stack: string | undefined | null): string {
  const frame = (stack ?? '').split('\n').map((l) => l.trim()).find((l) => l.startsWith('at ') || l.includes('@'));
  return (frame ?? '').replace(/\?[^:)\s]*/g, '');
}

/** Errors with the same message thrown at the same place are one group. */
export function errorFingerprint(message: string, stack: string | undefined | null): string {
  return createHash('sha256').update(`${message.trim()}\n${firstFrame(stack)}`).digest('hex').slice(0, 24);
}

/** The UTC day of a unix time, as the page-view counters key it. */
export const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
/** The UTC hour of a unix time (client-error counters). */
export const hourOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 13);
