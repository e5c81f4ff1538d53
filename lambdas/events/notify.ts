// The in-app notification consumer (docs/architecture.md#domain-events-and-their-consumers). In AWS
// an SNS subscription of the events topic; locally the runtime's in-process event sink invokes it.
// Each event notifies each user at most once, writes 25 per BatchWrite (8 in flight) and is
// idempotent: ids derive from (event id, uid), and a mark per (event, recipients) tells a first
// delivery (written without reading) from a replay (which finds its items and writes and publishes
// nothing new). In AWS an audience of more than 1,000 goes through the fan-out queue instead
// (lambdas/events/notify-fanout.ts).
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { enqueueFanout, fanoutQueueUrl, type FanoutDelivery } from '../adapters/notifications/fanout';
import { publishNotification } from '../adapters/notifications/publish';
import { claimDelivery, notificationWriter, withConcurrency, withTtl, type NotificationRecord } from '../adapters/notifications/store';
import { deliveryPart } from '../core/notifications/delivery-part';
import { chunk, notificationId } from '../core/notifications/rules';
import { needsSettingsRead, SETTINGS_PER_READ, withSettingsAllowed } from './recipients';
import { planFor } from './plan';
import { afterAnnouncementNotified } from './announcement-plan';

const LIVE_PUBLISH_CONCURRENCY = 32;
/** Groups whose settings are being read or whose notifications wait for a write slot: enough to keep the writer's slots full. */
const SETTINGS_READS_IN_FLIGHT = 4;
const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-notify' });

/** Audiences up to this size are written by the consumer itself; bigger ones go through SQS in AWS. */
export const DIRECT_DELIVERIES = 1_000;

/** Writes (and publishes live) the event's notifications; returns the ones newly written. */
export async function notifyFor(event: DomainEvent): Promise<NotificationRecord[]> {
  const written = await notifyRecipients(event);
  if (event.type === 'announcement.changed') await afterAnnouncementNotified(event, written.length);
  return written;
}

async function notifyRecipients(event: DomainEvent): Promise<NotificationRecord[]> {
  const target = await planFor(event, 'inApp', { deferSettings: true });
  if (!target || target.deliveries.length === 0) return [];
  const queueUrl = fanoutQueueUrl();
  if (queueUrl && target.deliveries.length > DIRECT_DELIVERIES) {
    const messages = await enqueueFanout(queueUrl, event, target.deliveries);
    logger.info('fanned out', { eventId: event.id, type: event.type, recipients: target.deliveries.length, messages });
    return [];
  }
  return deliver(event, target.deliveries);
}

/**
 * Writes the deliveries' notifications that are not stored yet, then publishes those live. A
 * delivery with a category is written only if its user wants that category in the app, decided
 * from the opt-outs it carries (copied from the subscription); only deliveries without them have
 * their users' settings read, SETTINGS_PER_READ users at a time while other writes go on.
 */
export async function deliver(event: DomainEvent, deliveries: readonly FanoutDelivery[]): Promise<NotificationRecord[]> {
  // The group's mark names every candidate, checked or not, so a replay finds it. The first
  // delivery of this group claims it and writes without reading; a retry or a replay (mark
  // present) writes only what is missing.
  const first = deliveries.length > 0 && (await claimDelivery(event.id, deliveryPart(deliveries.map((d) => d.uid)), deliveries.length, event.occurredAt));
  const write = notificationWriter(first);
  const writeAllowed = async (group: readonly FanoutDelivery[]) =>
    write(
      (await withSettingsAllowed(group, 'inApp')).map(({ uid, content }) =>
        withTtl({ uid, id: notificationId(event.id, uid, event.occurredAt), timestamp: event.occurredAt, eventId: event.id, ...content }),
      ),
    );
  // Deliveries decided without a read are handed to the writer at once, so its BatchWrite slots
  // never wait on a group's last batch; the rest are read group by group and queue behind them.
  const [decided, read] = await Promise.all([
    writeAllowed(deliveries.filter((d) => !needsSettingsRead(d))),
    withConcurrency(chunk(deliveries.filter(needsSettingsRead), SETTINGS_PER_READ), SETTINGS_READS_IN_FLIGHT, writeAllowed),
  ]);
  const written = [...decided, ...read.flat()];
  // Stored first, then live: a failed live push still leaves the notification in the list.
  // Bounded: 100,000 live publishes at once would open as many connections.
  const published = await withConcurrency(written, LIVE_PUBLISH_CONCURRENCY, (n) =>
    publishNotification(n).then(
      (value): PromiseSettledResult<void> => ({ status: 'fulfilled', value }),
      (reason: unknown): PromiseSettledResult<void> => ({ status: 'rejected', reason }),
    ),
  );
  const failed = published.filter((p) => p.status === 'rejected');
  if (failed.length) logger.warn('live notification publish failed', { eventId: event.id, failed: failed.length, error: (failed[0] as PromiseRejectedResult).reason });
  logger.info('notified', { eventId: event.id, type: event.type, written: written.length, recipients: deliveries.length });
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
