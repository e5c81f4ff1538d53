// In AWS, an event for a big audience (every subscriber of an LGA) is fanned out through an SQS
// queue: the consumer splits the deliveries into messages of 200 and sends them 10 per
// SendMessageBatch (lambdas/adapters/platform/sqs.ts); the fan-out worker
// (lambdas/events/notify-fanout.ts) writes each message's notifications, with bounded concurrency
// set on its event source. Locally, and for small audiences, the consumer writes them itself.
import type { NotificationContent } from '../../core/notifications/messages';
import { chunk, type NotificationCategory } from '../../core/notifications/rules';
import type { DomainEvent } from '../platform/events';
import { MAX_MESSAGE_BYTES, sendQueueMessages } from '../platform/sqs';

/** Kept here for the callers that split messages (lambdas/adapters/platform/sqs.ts groups them). */
export { sendBatches } from '../platform/sqs';

export interface FanoutDelivery {
  uid: string;
  content: NotificationContent;
  /** The recipient's settings for this category are checked by the worker that writes it. */
  category?: NotificationCategory;
  /** The recipient's opt-outs, carried from their subscription so the worker reads no profile. */
  optOuts?: string[];
}

/** One SQS message: an event and up to 200 of its deliveries (well under SQS's 256 KB). */
export interface FanoutMessage {
  event: DomainEvent;
  deliveries: FanoutDelivery[];
}

export const DELIVERIES_PER_MESSAGE = 200;

export const fanoutQueueUrl = (): string | undefined => process.env.NOTIFY_FANOUT_QUEUE_URL || undefined;

/** The messages for an event's deliveries, in order. */
export function fanoutMessages(event: DomainEvent, deliveries: readonly FanoutDelivery[]): string[] {
  const bodies = chunk(deliveries, DELIVERIES_PER_MESSAGE).map((part) => JSON.stringify({ event, deliveries: part } satisfies FanoutMessage));
  for (const body of bodies) if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) throw new Error('fan-out message too large');
  return bodies;
}

/** Sends the event's deliveries to the fan-out queue; returns the number of messages. */
export async function enqueueFanout(queueUrl: string, event: DomainEvent, deliveries: readonly FanoutDelivery[]): Promise<number> {
  const bodies = fanoutMessages(event, deliveries);
  await sendQueueMessages(queueUrl, bodies);
  return bodies.length;
}
