// The hourly schedule's work: archive closures reopened more than 24 h ago and archive
// announcements past their expiry. Both read index ranges; neither scans the table.
import { isDueForArchive } from '../../core/closure-views';
import { db } from '../db/db';
import { allClosuresInView } from '../closures/query';
import { archiveReopenedClosure } from '../closures/commands';
import { setArchived } from '../announcements/store';
import { publishAnnouncementChanged } from '../announcements/publish';
import { UNSEALED_ROADS_TYPE, type AnnouncementRecord } from '../../core/announcements/rules';

export async function archiveReopenedClosures(now: number): Promise<string[]> {
  // Closures exist only for councils with a customer record, so the customers index lists
  // every LGA worth looking at.
  const { data: customers } = await db().entities.customer.query.byStatus({}).go({ pages: 'all' });
  const archived: string[] = [];
  for (const { lgaCode } of customers) {
    const reopened = await allClosuresInView(lgaCode, 'RECENTLY_OPENED', now);
    for (const closure of reopened.filter((c) => isDueForArchive(c, now))) {
      // The same command path as every other change: counters, activity and event included.
      await archiveReopenedClosure(closure, now);
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
    const archived = await setArchived(announcement as AnnouncementRecord, 'system');
    // Subscribers hear that the LGA's unsealed roads are open again; live views update.
    await publishAnnouncementChanged(archived, 'expired', announcement.type === UNSEALED_ROADS_TYPE);
  }
  return data.map((a) => a.id);
}
