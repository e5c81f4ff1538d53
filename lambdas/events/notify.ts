// The in-app notification consumer (DESIGN §8). In AWS an SNS subscription of the events topic;
// locally the runtime's in-process event sink invokes it. Each event notifies each user at most
// once, writes 25 per BatchWrite and is idempotent: ids derive from (event id, uid), so a
// replayed event writes nothing new and publishes nothing.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/events';
import { publishNotification } from '../adapters/notifications-publish';
import { withTtl, writeNewNotifications, type NotificationRecord } from '../adapters/notifications';
import { notificationId } from '../core/notifications/rules';
import { planFor } from './plan';
import { afterAnnouncementNotified } from './announcement-plan';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-notify' });

/** Writes (and publishes live) the event's notifications; returns the ones newly written. */
export async function notifyFor(event: DomainEvent): Promise<NotificationRecord[]> {
  const written = await notifyRecipients(event);
  if (event.type === 'announcement.changed') await afterAnnouncementNotified(event, written.length);
  return written;
}

async function notifyRecipients(event: DomainEvent): Promise<NotificationRecord[]> {
  const target = await planFor(event, 'inApp');
  if (!target || target.deliveries.length === 0) return [];
  const records = target.deliveries.map(({ uid, content }) =>
    withTtl({ uid, id: notificationId(event.id, uid, event.occurredAt), timestamp: event.occurredAt, eventId: event.id, ...content }),
  );
  const written = await writeNewNotifications(records);
  // Stored first, then live: a failed live push still leaves the notification in the list.
  const published = await Promise.allSettled(written.map((n) => publishNotification(n)));
  const failed = published.filter((p) => p.status === 'rejected');
  if (failed.length) logger.warn('live notification publish failed', { eventId: event.id, failed: failed.length, error: (failed[0] as PromiseRejectedResult).reason });
  logger.info('notified', { eventId: event.id, type: event.type, written: written.length, recipients: records.length });
  return written;
}

export const handler = async (event: SNSEvent): Promise<{ written: number }> => {
  let written = 0;
  for (const record of event.Records ?? []) {
    const domainEvent = JSON.parse(record.Sns.Message) as DomainEvent;
    written += (await notifyFor(domainEvent)).length;
  }
  return { written };
};
