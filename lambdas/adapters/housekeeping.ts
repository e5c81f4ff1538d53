// The hourly schedule's work: archive closures reopened more than 24 h ago and archive
// announcements past their expiry. Both read index ranges; neither scans the table.
import { isDueForArchive } from '../core/closure-views';
import { db } from './db/db';

export async function archiveReopenedClosures(now: number): Promise<string[]> {
  const { data: customers } = await db().entities.customer.query.byStatus({}).go({ pages: 'all' });
  const archived: string[] = [];
  for (const { lgaCode } of customers) {
    const { data } = await db()
      .entities.closure.query.byLgaView({ lgaCode })
      .begins({ view: 'RECENTLY_OPENED' })
      .go({ pages: 'all' });
    for (const closure of data.filter((c) => isDueForArchive(c, now))) {
      await db()
        .transaction.write(({ closure: closures, closureActivity }) => [
          closures.patch({ id: closure.id }).set({ view: 'ARCHIVED', archivedAt: now, active: false }).commit(),
          closureActivity
            .create({ closureId: closure.id, timestamp: now, n: 'archive', action: 'archived', user: { uid: 'system' } })
            .commit(),
        ])
        .go();
      archived.push(closure.id);
    }
  }
  return archived;
}

export async function expireAnnouncements(now: number): Promise<string[]> {
  const { data } = await db()
    .entities.announcement.query.byStatusExpiry({})
    .between({ status: 'active', expiresAt: 0 }, { status: 'active', expiresAt: now })
    .go({ pages: 'all' });
  for (const announcement of data) {
    await db()
      .entities.announcement.patch({ lgaCode: announcement.lgaCode, createdAt: announcement.createdAt, id: announcement.id })
      .set({ status: 'archived', updatedBy: 'system' })
      // The status/expiry index key is rebuilt from both parts, so the unchanged part is supplied.
      .composite({ expiresAt: announcement.expiresAt })
      .go();
  }
  return data.map((a) => a.id);
}
