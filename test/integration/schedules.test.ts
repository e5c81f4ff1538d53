// The hourly schedule's handler against DynamoDB Local: it archives closures reopened more than
// 24 h ago (and only those) and archives announcements past their expiry (and only those).
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../support/api';
import type { Db } from '../../lambdas/adapters/db/db';

let db: () => Db;
let hourly: () => Promise<{ archivedClosures: string[]; expiredAnnouncements: string[] }>;

beforeAll(async () => {
  useStackTable();
  ({ db } = await import('../../lambdas/adapters/db/db'));
  hourly = (await import('../../lambdas/schedules/hourly')).handler;
});

const now = () => Math.floor(Date.now() / 1000);

function closure(id: string, view: string, openedAt?: number) {
  return {
    id,
    lgaCode: '12900',
    view,
    active: view !== 'ARCHIVED',
    condition: (openedAt ? 'opened' : 'closed') as 'opened' | 'closed',
    type: 'flood',
    position: { lat: -33.38, lng: 148.0 },
    geohash: 'r3dp2h4k5',
    geohash4: 'r3dp',
    geohash7: 'r3dp2h4',
    regions: [],
    openedAt,
  };
}

describe('hourly housekeeping', () => {
  it('archives a closure reopened 25 h ago, keeps one reopened 1 h ago, and logs the archive', async () => {
    await db().entities.closure.put(closure('sched-old', 'RECENTLY_OPENED', now() - 25 * 3600)).go();
    await db().entities.closure.put(closure('sched-new', 'RECENTLY_OPENED', now() - 3600)).go();
    await db()
      .entities.announcement.put({ lgaCode: '12900', id: 'ann-expired', type: 'unsealed_roads', title: 'Unsealed roads closed', expiresAt: now() - 60 })
      .go();
    await db()
      .entities.announcement.put({ lgaCode: '12900', id: 'ann-current', type: 'unsealed_roads', title: 'Unsealed roads closed', expiresAt: now() + 3600 })
      .go();

    const result = await hourly();
    expect(result.archivedClosures).toEqual(['sched-old']);
    expect(result.expiredAnnouncements).toEqual(['ann-expired']);

    const old = await db().entities.closure.get({ id: 'sched-old' }).go();
    expect(old.data).toMatchObject({ view: 'ARCHIVED', active: false });
    expect(old.data?.archivedAt).toBeGreaterThanOrEqual(now() - 5);
    const recent = await db().entities.closure.get({ id: 'sched-new' }).go();
    expect(recent.data?.view).toBe('RECENTLY_OPENED');
    const activity = await db().entities.closureActivity.query.byClosure({ closureId: 'sched-old' }).go();
    expect(activity.data.map((a) => a.action)).toEqual(['archived']);

    // Running again finds nothing more to do.
    const again = await hourly();
    expect(again.archivedClosures).toEqual([]);
    expect(again.expiredAnnouncements).toEqual([]);
  });
});
