// The alert consumer (docs/alerts.md): a third subscription of the events topic beside the in-app
// writer and the Web Push sender. For a closure event it finds who hears by email and who by text,
// and hands them on in bounded batches (lambdas/events/alert-batches.ts) to the alert senders, so
// a council of any size is mailed and texted without one invocation running for minutes. Each
// send is claimed per (event, person, channel): a retry or a replayed event sends nothing more.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { emailPlanFor } from './alert-plan';
import { alertsFor } from './alert-batches';
import { sendEmailAlerts, type EmailAlertResult } from './email-batch';

export type { EmailAlertResult } from './email-batch';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-email-alerts' });

/** Mails every email recipient of the event here and now, in one go (the texts are smsAlertsFor's). */
export async function emailAlertsFor(event: DomainEvent): Promise<EmailAlertResult> {
  const plan = await emailPlanFor(event);
  if (!plan || plan.recipients.length === 0) return { sent: 0, queued: 0, skipped: 0 };
  const result = await sendEmailAlerts(event, plan.facts, plan.recipients);
  logger.info('email alerts', { eventId: event.id, type: event.type, ...result });
  return result;
}

/** The alert consumer's handler: the mail and the texts of each event, batched and handed on. */
export const handler = async (event: SNSEvent): Promise<EmailAlertResult & { texts: number; batches: number; handedOn: boolean }> => {
  const total = { sent: 0, queued: 0, skipped: 0, texts: 0, batches: 0, handedOn: false };
  for (const record of event.Records ?? []) {
    const r = await alertsFor(JSON.parse(record.Sns.Message) as DomainEvent);
    total.sent += r.sent;
    total.queued += r.queued;
    total.skipped += r.skipped;
    total.texts += r.texts;
    total.batches += r.batches;
    total.handedOn ||= r.handedOn;
  }
  return total;
};
