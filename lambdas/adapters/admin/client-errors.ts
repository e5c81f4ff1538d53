// Client errors: each report is kept 30 days (message, stack, route pattern, browser and release;
// not the user id, URL or user agent), and its group (same message, same place) counts
// it; an hourly counter answers "errors in the last 24 hours" with one small query.
import { randomUUID } from 'node:crypto';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';
import { CLIENT_ERROR_TTL_SECONDS } from '../db/entities/platform';
import { browserOf, errorFingerprint, hourOf, routePattern } from '../../core/admin/diagnostics';

export const CLIENT_ERRORS_COUNTER = 'client-errors-by-hour';

/** What a client sends; what is kept names no person (no user id, URL or user agent). */
export interface ClientErrorReport {
  message: string;
  stack?: string;
  url?: string;
  userAgent?: string;
  release?: string;
}

export async function recordClientError(report: ClientErrorReport): Promise<void> {
  const now = nowSeconds();
  const expiresAt = now + CLIENT_ERROR_TTL_SECONDS;
  const route = report.url ? routePattern(report.url) : undefined;
  const browser = browserOf(report.userAgent);
  await Promise.all([
    db()
      .entities.clientError.create({ id: randomUUID(), message: report.message, stack: report.stack, url: route, browser, release: report.release, expiresAt })
      .go(),
    db()
      .entities.clientErrorGroup.upsert({
        fingerprint: errorFingerprint(report.message, report.stack),
        message: report.message,
        stack: report.stack,
        route,
        release: report.release,
        browser,
        lastSeen: now,
        expiresAt,
      })
      .ifNotExists({ firstSeen: now })
      .add({ count: 1 })
      .go(),
    db()
      .entities.counter.update({ name: CLIENT_ERRORS_COUNTER, scope: hourOf(now) })
      .add({ count: 1 })
      .set({ expiresAt: now + 3 * 24 * 3600 })
      .go(),
  ]);
}

/** Groups seen since `since`, most recently seen first. */
export async function listErrorGroups(options: { since: number; limit: number; cursor?: string | null }) {
  const { data, cursor } = await db()
    .entities.clientErrorGroup.query.recent({})
    .gte({ lastSeen: options.since })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor ?? null });
  return { items: data, nextToken: cursor };
}

/** Client errors of the last 24 hours from the hourly counters (at most 25 small items). */
export async function clientErrorsLastDay(now = nowSeconds()): Promise<number> {
  const { data } = await db()
    .entities.counter.query.byName({ name: CLIENT_ERRORS_COUNTER })
    .between({ scope: hourOf(now - 24 * 3600) }, { scope: hourOf(now) })
    .go({ pages: 'all' });
  return data.reduce((sum, c) => sum + Math.max(0, c.count), 0);
}
