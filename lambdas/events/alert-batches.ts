// A closure event's mail and texts in bounded batches
// (docs/alerts.md#send-rate-and-big-councils): the consumer finds who hears by email and who by
// text, splits them into batches of at most ALERT_BATCH_PEOPLE per channel, and hands the batches
// on to the alert senders (an SQS queue in AWS, the runtime's queue locally). Each batch takes
// well under a minute at its sender's share of the rates, so no invocation comes near Lambda's 15
// minutes however big the council. A batch that fails is retried whole: what it sent is claimed,
// so the retry sends only the rest.
import { Logger } from '@aws-lambda-powertools/logger';
import type { DomainEvent } from '../adapters/platform/events';
import { canHandOnAlertBatches, handOnAlertBatches, type AlertBatch } from '../adapters/alerts/alert-queue';
import { spreadIntoBatches } from '../core/alerts/batches';
import { emailPlanFor } from './alert-plan';
import { sendEmailAlerts, type EmailAlertResult } from './email-batch';
import { sendSmsAlerts, smsPlanFor, type SmsAlertResult } from './sms-alerts';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-alert-batches' });

export interface AlertBatchResult extends EmailAlertResult {
  texts: number;
  capped: number;
}

export interface AlertsOutcome extends AlertBatchResult {
  batches: number;
  /** The batches went to the alert senders (their results are theirs); else they were sent here. */
  handedOn: boolean;
}

/** The event's batches, each with a slice of the mail and a slice of the texts, in order. */
export async function alertBatchesFor(event: DomainEvent): Promise<AlertBatch[]> {
  const [email, sms] = await Promise.all([emailPlanFor(event), smsPlanFor(event)]);
  const facts = email?.facts ?? sms?.facts;
  if (!facts) return [];
  const slices = spreadIntoBatches(email?.recipients ?? [], sms?.uids ?? []);
  const movedOut = new Set(sms?.movedOut);
  return slices.map((slice, i) => {
    const sliceMovedOut = slice.sms.filter((uid) => movedOut.has(uid));
    return {
      event,
      facts,
      part: i + 1,
      parts: slices.length,
      email: slice.email,
      ...(sms && slice.sms.length > 0
        ? { sms: { lgaCode: sms.lgaCode, ...(sms.lgaName ? { lgaName: sms.lgaName } : {}), uids: slice.sms, ...(sliceMovedOut.length > 0 ? { movedOut: sliceMovedOut } : {}) } }
        : {}),
    };
  });
}

/**
 * Sends one batch: its mail and its texts side by side. Both run to the end even when one fails
 * (a send left half done would hold a claim for a message that never went); then the first
 * failure is thrown, so the batch is retried.
 */
export async function sendAlertBatch(batch: AlertBatch): Promise<AlertBatchResult> {
  const noTexts: SmsAlertResult = { sent: 0, capped: 0 };
  const [email, sms] = await Promise.allSettled([
    sendEmailAlerts(batch.event, batch.facts, batch.email),
    batch.sms ? sendSmsAlerts(batch.event, { ...batch.sms, facts: batch.facts }, batch.sms.uids) : Promise.resolve(noTexts),
  ]);
  if (email.status === 'rejected') throw email.reason;
  if (sms.status === 'rejected') throw sms.reason;
  const result = { ...email.value, texts: sms.value.sent, capped: sms.value.capped };
  logger.info('alert batch sent', { eventId: batch.event.id, part: batch.part, parts: batch.parts, ...result });
  return result;
}

/** The consumer's work for one event: its batches handed on, or sent here one after another when there is no queue. */
export async function alertsFor(event: DomainEvent): Promise<AlertsOutcome> {
  const outcome: AlertsOutcome = { sent: 0, queued: 0, skipped: 0, texts: 0, capped: 0, batches: 0, handedOn: false };
  const batches = await alertBatchesFor(event);
  if (batches.length === 0) return outcome;
  outcome.batches = batches.length;
  if (canHandOnAlertBatches()) {
    await handOnAlertBatches(batches);
    outcome.handedOn = true;
    logger.info('alert batches handed on', { eventId: event.id, type: event.type, batches: batches.length });
    return outcome;
  }
  for (const batch of batches) {
    const r = await sendAlertBatch(batch);
    outcome.sent += r.sent;
    outcome.queued += r.queued;
    outcome.skipped += r.skipped;
    outcome.texts += r.texts;
    outcome.capped += r.capped;
  }
  return outcome;
}
