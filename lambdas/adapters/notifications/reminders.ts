// The reminder notifications of the 15-minute schedule: per LGA with a paying customer, one
// notification a day to each closure administrator listing what needs attention.
import { Logger } from '@aws-lambda-powertools/logger';
import { isValidSubscription, type CustomerStatus } from '../../core/access';
import { notFound } from '../../core/errors';
import { notificationNotFound, timestampOfId } from '../../core/notifications/rules';
import { isEmptyReminder, markActioned, reminderContent, reminderData, reminderEvent, type ReminderData } from '../../core/notifications/reminders';
import { lgasWithClosures } from '../closures/store';
import { allClosuresInView } from '../closures/query';
import { db } from '../db/db';
import { publishNotification } from './publish';
import { claimDelivery, deliveryClaimedAt, withTtl, writeNewNotifications, type NotificationRecord } from './store';
import { notificationId } from '../../core/notifications/rules';
import { verifiedUidsForEmails } from '../identity/principal';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-schedules' });

async function closureAdministrators(lgaCode: string): Promise<string[]> {
  const { data: managers } = await db().entities.manager.query.byLga({ lgaCode }).go({ pages: 'all' });
  const emails = managers.filter((m) => (m.roles ?? []).includes('closure_administrator')).map((m) => m.email);
  return verifiedUidsForEmails(emails);
}

/**
 * When this day's reminder of an LGA was first sent: `now` for the run that claims it (a
 * conditional put of the event's mark), else the time the first run recorded.
 */
async function reminderSentAt(eventId: string, recipients: number, now: number): Promise<number> {
  if (await claimDelivery(eventId, 'reminder', recipients, now)) return now;
  return (await deliveryClaimedAt(eventId, 'reminder')) ?? now;
}

export async function sendClosureReminders(now: number): Promise<number> {
  const lgaCodes = [...new Set([...(await lgasWithClosures('ACTIVE')), ...(await lgasWithClosures('SCHEDULED'))])];
  let sent = 0;
  for (const lgaCode of lgaCodes) {
    const [{ data: customer }, { data: lga }] = await Promise.all([
      db().entities.customer.get({ lgaCode }).go(),
      db().entities.lga.get({ code: lgaCode }).go({ attributes: ['name'] }),
    ]);
    // Ex-customers cannot act on closures, so a reminder would only nag.
    if (!isValidSubscription((customer?.subscriptionStatus ?? 'none') as CustomerStatus)) continue;
    const [scheduled, overdue, stale] = await Promise.all([
      allClosuresInView(lgaCode, 'SCHEDULED', now),
      allClosuresInView(lgaCode, 'REOPENING_OVERDUE', now),
      allClosuresInView(lgaCode, 'STALE', now),
    ]);
    const data = reminderData({ scheduled, overdue, stale }, now);
    if (isEmptyReminder(data)) continue;
    const admins = await closureAdministrators(lgaCode);
    if (admins.length === 0) continue;
    const { eventId } = reminderEvent(lgaCode, now);
    const timestamp = await reminderSentAt(eventId, admins.length, now);
    const content = reminderContent(lgaCode, lga?.name, data);
    const written = await writeNewNotifications(
      admins.map((uid) => withTtl({ uid, id: notificationId(eventId, uid, timestamp), timestamp, eventId, ...content, data })),
    );
    await Promise.allSettled(written.map((n) => publishNotification(n))).then((results) => {
      const failed = results.filter((r) => r.status === 'rejected').length;
      if (failed) logger.warn('live reminder publish failed', { lgaCode, failed });
    });
    sent += written.length;
  }
  return sent;
}

/** markReminderActioned: the caller's own reminder only. */
export async function markReminderActioned(uid: string, id: string, closureId: string): Promise<NotificationRecord> {
  const timestamp = timestampOfId(id);
  if (timestamp === undefined) throw notFound(notificationNotFound(id));
  const { data: current } = await db().entities.notification.get({ uid, timestamp, id }).go();
  if (!current?.data) throw notFound(notificationNotFound(id));
  const next = markActioned(current.data as ReminderData, closureId);
  if (!next) throw notFound(`Closure ${closureId} not found`);
  const now = Math.floor(Date.now() / 1000);
  const seen = current.seen ?? now;
  await db().entities.notification.patch({ uid, timestamp, id }).set({ data: next, seen }).go();
  return { ...(current as NotificationRecord), data: next, seen };
}
