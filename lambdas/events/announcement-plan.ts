// Who hears about an unsealed-roads change and what it says: the LGA's subscribers (lgaUpdates
// setting), the officer who made the change never. A resident whose vehicle is heavier than a
// restriction's limit reads that plainly.
import { Logger } from '@aws-lambda-powertools/logger';
import type { DomainEvent } from '../adapters/platform/events';
import { db } from '../adapters/db/db';
import { lgaSubscribers } from '../adapters/notifications/subscriptions';
import { currentUnsealedAnnouncement, markNotificationSent } from '../adapters/announcements/store';
import { publishAnnouncementLive, type AnnouncementChangedDetail } from '../adapters/announcements/live';
import { announcementNotice, statusOf, type AnnouncementRecord } from '../core/announcements/rules';
import { chunk, recipientsOf, type Channel } from '../core/notifications/rules';
import type { NotificationContent } from '../core/notifications/messages';
import { allowedRecipients } from './recipients';
import type { Delivery } from './report-plan';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-notify' });

async function vehicleMasses(uids: string[]): Promise<Map<string, number>> {
  const masses = new Map<string, number>();
  for (const group of chunk(uids, 100)) {
    const { data } = await db()
      .entities.user.get(group.map((uid) => ({ uid })))
      .go({ attributes: ['uid', 'vehicleGvm'] });
    for (const u of data) if (u?.vehicleGvm !== undefined) masses.set(u.uid, u.vehicleGvm);
  }
  return masses;
}

export async function announcementPlan(event: DomainEvent, channel: Channel): Promise<Delivery[]> {
  const detail = event.detail as unknown as AnnouncementChangedDetail;
  if (!detail.statusChanged || !detail.lgaCode) return [];
  const [current, subscribers, lga] = await Promise.all([
    currentUnsealedAnnouncement(detail.lgaCode),
    lgaSubscribers(detail.lgaCode),
    db().entities.lga.get({ code: detail.lgaCode }).go({ attributes: ['name'] }),
  ]);
  const uids = (await allowedRecipients(recipientsOf([], subscribers, event.actor), channel)).map((r) => r.uid);
  if (uids.length === 0) return [];
  const status = statusOf(current);
  const maxGVM = current?.vehicleRestrictions?.enabled ? current.vehicleRestrictions.maxGVM : undefined;
  const masses = status === 'restricted' ? await vehicleMasses(uids) : new Map<string, number>();
  const shared = new Map<string, NotificationContent>();
  const contentFor = (vehicleGvm: number | undefined): NotificationContent => {
    const over = vehicleGvm !== undefined && maxGVM !== undefined && vehicleGvm > maxGVM;
    // Residents under the limit (or without a vehicle) share one content, so push sends once.
    const key = over ? `over:${vehicleGvm}` : 'all';
    let content = shared.get(key);
    if (!content) {
      const notice = announcementNotice({ lgaName: lga.data?.name, status, message: current?.message, maxGVM, vehicleGvm: over ? vehicleGvm : undefined });
      content = { ...notice, redirectTo: '/map', resourceId: current?.id ?? detail.announcementId, icon: status === 'open' ? 'road-circle-check' : 'triangle-exclamation' };
      shared.set(key, content);
    }
    return content;
  };
  return uids.map((uid) => ({ uid, content: contentFor(masses.get(uid)) }));
}

/**
 * After the notifications of a change are stored: record notificationSent on the announcement
 * (the one change told, once) and deliver the change live to onAnnouncementChanged subscribers.
 */
export async function afterAnnouncementNotified(event: DomainEvent, notified: number): Promise<void> {
  const detail = event.detail as unknown as AnnouncementChangedDetail;
  let announcement = detail.announcement;
  if (notified > 0 && detail.change !== 'deleted') {
    // Not deleted, so the status is one the table stores.
    const marked = await markNotificationSent({ ...announcement, lgaCode: detail.lgaCode, status: announcement.status as AnnouncementRecord['status'] });
    if (marked) announcement = { ...announcement, notificationSent: true };
  }
  // Stored first, then live: a failed live push still leaves the change in place.
  await publishAnnouncementLive(announcement).catch((error: unknown) => logger.warn('live announcement publish failed', { eventId: event.id, error: error as Error }));
}
