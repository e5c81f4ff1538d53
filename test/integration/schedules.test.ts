// The hourly schedule's handler against DynamoDB Local: it archives closures reopened more than
// 24 h ago (and only those) and archives announcements past their expiry (and only those).
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../support/api';
import type { Db } from '../../lambdas/adapters/db/db';

let db: () => Db;
let hourly: () => Promise<{ archivedClosures: string[]; expiredAnnouncements: string[] }>;
let commands: typeof import('../../lambdas/adapters/closures/commands');
let state: typeof import('../../lambdas/core/closures/state');
let seed: typeof import('../../lambdas/adapters/closures/seed');

const LGA = '12900';
const now = () => Math.floor(Date.now() / 1000);
const actor = { uid: 'schedule-test', displayName: 'Schedule test' };

beforeAll(async () => {
  useStackTable();
  ({ db } = await import('../../lambdas/adapters/db/db'));
  hourly = (await import('../../lambdas/schedules/hourly')).handler;
  commands = await import('../../lambdas/adapters/closures/commands');
  state = await import('../../lambdas/core/closures/state');
  seed = await import('../../lambdas/adapters/closures/seed');
});

/** A Forbes closure on a real road, reopened `hoursAgo` hours ago through the command path. */
async function reopenedClosure(hoursAgo: number) {
  const [input] = seed.demoClosureInputs(LGA, now());
  const created = await commands.createClosureAs(actor, input);
  return commands.changeClosure(created, actor, (before, ctx) => state.reopenClosure(before, { ...ctx, now: ctx.now - hoursAgo * 3600 }));
}

describe('hourly housekeeping', () => {
  it('archives a closure reopened 25 h ago, keeps one reopened 1 h ago, and logs the archive', async () => {
    const old = await reopenedClosure(25);
    const recent = await reopenedClosure(1);
    await db()
      .entities.announcement.put({ lgaCode: LGA, id: 'ann-expired', type: 'unsealed_roads', title: 'Unsealed roads closed', expiresAt: now() - 60 })
      .go();
    await db()
      .entities.announcement.put({ lgaCode: LGA, id: 'ann-current', type: 'unsealed_roads', title: 'Unsealed roads closed', expiresAt: now() + 3600 })
      .go();

    const result = await hourly();
    expect(result.archivedClosures).toContain(old.id);
    expect(result.archivedClosures).not.toContain(recent.id);
    expect(result.expiredAnnouncements).toContain('ann-expired');
    expect(result.expiredAnnouncements).not.toContain('ann-current');

    const archived = await commands.loadClosure(old.id);
    expect(archived.view).toBe('ARCHIVED');
    expect(archived.archivedAt).toBeGreaterThanOrEqual(now() - 5);
    expect((await commands.loadClosure(recent.id)).view).toBe('RECENTLY_OPENED');
    const activity = await db().entities.closureActivity.query.byClosure({ closureId: old.id }).go();
    expect(activity.data.map((a) => a.action)).toContain('archived');
    const announcements = await db().entities.announcement.query.byLga({ lgaCode: LGA }).go({ pages: 'all' });
    expect(announcements.data.find((a) => a.id === 'ann-expired')?.status).toBe('archived');
    expect(announcements.data.find((a) => a.id === 'ann-current')?.status).toBe('active');

    // Running again finds nothing more to do.
    const again = await hourly();
    expect(again.archivedClosures).not.toContain(old.id);
    expect(again.expiredAnnouncements).toEqual([]);
  });
});
