// The System Administration landing counts and the diagnostics screen, plus the public page-view
// counter behind them.
import { z } from 'zod';
import { CUSTOMER_STATUSES } from '../../adapters/db/entities/common';
import { db } from '../../adapters/db/db';
import { openEnquiryCount } from '../../adapters/admin/enquiries';
import { clientErrorsLastDay, listErrorGroups } from '../../adapters/admin/client-errors';
import { pageViews, recordPageView } from '../../adapters/admin/analytics';
import { scheduleHealth } from '../../adapters/admin/schedule-runs';
import { deadLetterCounts } from '../../adapters/admin/dead-letters';
import { routePattern } from '../../core/admin/diagnostics';
import { field } from '../resolver';
import { nextToken, pageLimit, requireAdmin, withCursor } from './shared';

const DAY = 86400;

/** Counts per status from the CUSTOMERS index, one key-prefix query per status (never a scan). */
async function customersByStatus() {
  const counts = await Promise.all(
    CUSTOMER_STATUSES.filter((s) => s !== 'none').map(async (status) => {
      const { data } = await db().entities.customer.query.byStatus({ subscriptionStatus: status }).go({ pages: 'all', attributes: ['lgaCode'] });
      return { status, count: data.length };
    }),
  );
  return counts;
}

export const diagnosticsFields = {
  adminOverview: field({
    args: z.object({ days: z.number().int().min(1, 'days must be between 1 and 30').max(30, 'days must be between 1 and 30').optional().nullable() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await requireAdmin(principal);
      const days = args.days ?? 7;
      const [customers, openEnquiries, clientErrors24h, views] = await Promise.all([
        customersByStatus(),
        openEnquiryCount(),
        clientErrorsLastDay(),
        pageViews(days),
      ]);
      const byRoute = new Map<string, number>();
      const byDay = new Map<string, number>();
      for (const v of views) {
        byRoute.set(v.route, (byRoute.get(v.route) ?? 0) + v.count);
        byDay.set(v.day, (byDay.get(v.day) ?? 0) + v.count);
      }
      return {
        customersByStatus: customers,
        openEnquiries,
        clientErrors24h,
        pageViewsTotal: views.reduce((sum, v) => sum + v.count, 0),
        pageViewsByRoute: [...byRoute].map(([route, count]) => ({ route, count })).sort((a, b) => b.count - a.count || a.route.localeCompare(b.route)),
        pageViewsByDay: [...byDay].map(([day, count]) => ({ day, count })).sort((a, b) => a.day.localeCompare(b.day)),
        days,
      };
    },
  }),

  diagnostics: field({
    args: z.object({ limit: pageLimit.optional().nullable(), nextToken, since: z.number().int().min(0).optional().nullable() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await requireAdmin(principal);
      const since = args.since ?? Math.floor(Date.now() / 1000) - DAY;
      const [page, schedules, deadLetters] = await Promise.all([
        withCursor(() => listErrorGroups({ since, limit: args.limit ?? 25, cursor: args.nextToken })),
        scheduleHealth(),
        deadLetterCounts(),
      ]);
      return {
        errors: page.items.map((g) => ({
          id: g.fingerprint,
          message: g.message,
          stack: g.stack ?? null,
          route: g.route ?? null,
          release: g.release ?? null,
          browser: g.browser ?? null,
          count: g.count,
          firstSeen: g.firstSeen,
          lastSeen: g.lastSeen,
        })),
        nextToken: page.nextToken ?? null,
        schedules,
        deadLetters,
      };
    },
  }),

  recordPageView: field({
    args: z.object({ route: z.string().min(1, 'Invalid route').max(200, 'Invalid route').startsWith('/', 'Invalid route') }).strict(),
    access: 'public',
    async resolve({ args }) {
      // The client sends its route pattern; reducing it again keeps ids out whatever it sent.
      await recordPageView(routePattern(args.route));
      return true;
    },
  }),
};
