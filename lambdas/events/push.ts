// The Web Push consumer (docs/architecture.md#domain-events-and-their-consumers): a second SNS
// subscription of the events topic. Same recipients as the in-app consumer, filtered by each user's
// push settings; devices the push service reports gone are removed. Off (a no-op) when no VAPID
// keys are configured.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { sendWebPush, vapidConfig } from '../adapters/notifications/push';
import type { NotificationContent } from '../core/notifications/messages';
import { planFor } from './plan';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-push' });

export async function pushFor(event: DomainEvent): Promise<{ sent: number; removed: number; failed: number }> {
  const vapid = await vapidConfig();
  if (!vapid) return { sent: 0, removed: 0, failed: 0 };
  const plan = await planFor(event, 'push');
  if (!plan || plan.deliveries.length === 0) return { sent: 0, removed: 0, failed: 0 };
  // Users reading the same words share one send.
  const byContent = new Map<NotificationContent, string[]>();
  for (const { uid, content } of plan.deliveries) byContent.set(content, [...(byContent.get(content) ?? []), uid]);
  const result = { sent: 0, removed: 0, failed: 0 };
  for (const [content, uids] of byContent) {
    const r = await sendWebPush(uids, { title: content.title, body: content.body, url: content.redirectTo, tag: event.id }, vapid);
    result.sent += r.sent;
    result.removed += r.removed;
    result.failed += r.failed;
  }
  logger.info('pushed', { eventId: event.id, type: event.type, ...result });
  return result;
}

export const handler = async (event: SNSEvent) => {
  let sent = 0;
  for (const record of event.Records ?? []) sent += (await pushFor(JSON.parse(record.Sns.Message) as DomainEvent)).sent;
  return { sent };
};
