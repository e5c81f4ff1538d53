// The Web Push consumer (docs/architecture.md#domain-events-and-their-consumers): a second SNS
// subscription of the events topic. Same recipients as the in-app consumer, filtered by each user's
// push settings; devices the push service reports gone are removed. Each person is pushed once
// per event: a claim per (event, person) before the send, so an event SNS delivers twice (or one
// replayed) pushes nothing more. Off (a no-op) when no VAPID keys are configured.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { sendWebPush, vapidConfig, type PushPayload, type PushResult, type VapidConfig } from '../adapters/notifications/push';
import { claimAlert, releaseAlert } from '../adapters/alerts/claims';
import { withConcurrency } from '../adapters/notifications/store';
import { chunk } from '../core/notifications/rules';
import type { NotificationContent } from '../core/notifications/messages';
import { planFor } from './plan';

/** People claimed, then pushed to, at a time. */
const PUSH_GROUP = 100;
const CLAIMS_IN_FLIGHT = 16;

/**
 * Pushes to the people not pushed to for this event yet. Someone whose devices could not be read
 * gets their claim back, and once every group is done the event fails, so its retry pushes them,
 * and only them: everyone pushed keeps their claim.
 */
async function pushOnce(eventId: string, uids: readonly string[], payload: PushPayload, vapid: VapidConfig): Promise<PushResult> {
  const result: PushResult = { sent: 0, removed: 0, failed: 0 };
  let unreached = 0;
  for (const group of chunk(uids, PUSH_GROUP)) {
    const claimed = (await withConcurrency(group, CLAIMS_IN_FLIGHT, async (uid) => ((await claimAlert(eventId, uid, 'push')) ? uid : undefined))).filter(
      (uid): uid is string => uid !== undefined,
    );
    if (claimed.length === 0) continue;
    const r = await sendWebPush(claimed, payload, vapid);
    await Promise.all(r.unreached.map((uid) => releaseAlert(eventId, uid, 'push')));
    unreached += r.unreached.length;
    result.sent += r.sent;
    result.removed += r.removed;
    result.failed += r.failed;
  }
  if (unreached > 0) throw new Error(`push for event ${eventId}: the devices of ${unreached} people could not be read; the retry pushes them`);
  return result;
}

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
    const r = await pushOnce(event.id, uids, { title: content.title, body: content.body, url: content.redirectTo, tag: event.id }, vapid);
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
