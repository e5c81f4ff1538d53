// Page views per route pattern and day: a counter per (day, route), nothing about who viewed.
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';
import { dayOf } from '../../core/admin/diagnostics';

export const PAGE_VIEWS_COUNTER = 'page-views';
/** Counters are kept a year and a bit, then expire. */
const PAGE_VIEW_TTL_SECONDS = 400 * 24 * 3600;

export async function recordPageView(route: string, now = nowSeconds()): Promise<void> {
  await db()
    .entities.counter.update({ name: PAGE_VIEWS_COUNTER, scope: `${dayOf(now)}#${route}` })
    .add({ count: 1 })
    .set({ expiresAt: now + PAGE_VIEW_TTL_SECONDS })
    .go();
}

/** Every (day, route) counter of the last `days` days, today included: one partition, one range. */
export async function pageViews(days: number, now = nowSeconds()) {
  const { data } = await db()
    .entities.counter.query.byName({ name: PAGE_VIEWS_COUNTER })
    .between({ scope: `${dayOf(now - (days - 1) * 86400)}#` }, { scope: `${dayOf(now)}#~` })
    .go({ pages: 'all' });
  return data.map((c) => {
    const [day, route] = c.scope.split('#');
    return { day, route, count: c.count };
  });
}
