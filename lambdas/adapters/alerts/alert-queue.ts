// Alert batches handed on to the alert senders: in AWS an SQS queue (ALERT_QUEUE_URL) whose worker
// (lambdas/events/alert-fanout.ts) runs at most two at once; locally the runtime hands in its own
// queue (local/alert-queue.ts), which runs them the same way. Without either (a test calling the
// consumer directly) the consumer sends the batches itself.
import type { DomainEvent } from '../platform/events';
import type { ClosureAlertFacts } from '../../core/alerts/alert-mail';
import type { SubscriptionChannels, SubscriptionTarget } from '../../core/alerts/channels';
import { sendQueueMessages } from '../platform/sqs';

/** One bounded batch of one event: a slice of its mail and a slice of its texts. */
export interface AlertBatch {
  event: DomainEvent;
  facts: ClosureAlertFacts;
  /** The batch's place among the event's batches (1-based) and how many there are, for the logs. */
  part: number;
  parts: number;
  /** Mail: each person with their channels and the subscription it reaches them through. */
  email: (SubscriptionChannels & { uid: string; via: SubscriptionTarget; movedOutOf?: string })[];
  /** Texts: the council that pays for them and the people to text. */
  sms?: { lgaCode: string; lgaName?: string; uids: string[]; movedOut?: string[] };
}

export type LocalAlertQueue = (bodies: string[]) => void;
let localQueue: LocalAlertQueue | undefined;

export function deliverAlertBatchesLocally(queue: LocalAlertQueue | undefined): void {
  localQueue = queue;
}

export const alertQueueUrl = (): string | undefined => process.env.ALERT_QUEUE_URL || undefined;

/** Whether batches can be handed on here (else the caller sends them itself). */
export const canHandOnAlertBatches = (): boolean => Boolean(localQueue || alertQueueUrl());

export async function handOnAlertBatches(batches: readonly AlertBatch[]): Promise<void> {
  const bodies = batches.map((batch) => JSON.stringify(batch));
  if (localQueue) return localQueue(bodies);
  const queueUrl = alertQueueUrl();
  if (!queueUrl) throw new Error('no alert queue: ALERT_QUEUE_URL is not set');
  await sendQueueMessages(queueUrl, bodies);
}
