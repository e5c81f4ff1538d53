// The email alert consumer (docs/alerts.md): a third subscription of the events topic beside the
// in-app writer and the Web Push sender. For a closure event, each person whose subscription has
// email on gets one mail at once, or one entry in their next daily digest; a claim per (event,
// person, channel) makes a retry or a replayed event send nothing more. Only verified addresses
// that SES has not reported as bounced or complained about are mailed.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { alertAddresses } from '../adapters/alerts/addresses';
import { onceFor } from '../adapters/alerts/claims';
import { addDigestEntry } from '../adapters/alerts/digests';
import { sendAlertMail } from '../adapters/alerts/send-alert-mail';
import { closureAlertMail } from '../core/alerts/alert-mail';
import { nextDigestAt } from '../core/alerts/digest-time';
import { withConcurrency } from '../adapters/notifications/store';
import { alertLinks, closureLink } from './alert-links';
import { emailPlanFor } from './alert-plan';
import { smsAlertsFor } from './sms-alerts';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-email-alerts' });
/** Sends in flight: the pacer keeps the rate, this keeps connections few. */
const SENDS_IN_FLIGHT = 8;

export interface EmailAlertResult {
  sent: number;
  queued: number;
  skipped: number;
}

export async function emailAlertsFor(event: DomainEvent): Promise<EmailAlertResult> {
  const result = { sent: 0, queued: 0, skipped: 0 };
  const plan = await emailPlanFor(event);
  if (!plan || plan.recipients.length === 0) return result;
  const addresses = await alertAddresses(plan.recipients.map((r) => r.uid));
  const line = { event: plan.event, closure: plan.facts, link: closureLink(plan.facts.id) };
  await withConcurrency(plan.recipients, SENDS_IN_FLIGHT, async (recipient) => {
    const to = addresses.get(recipient.uid);
    if (!to) {
      result.skipped++;
      return;
    }
    if (recipient.email === 'daily') {
      const dueAt = nextDigestAt(event.occurredAt, recipient.digestHour, plan.facts.timeZone);
      const via = `${recipient.via.kind}:${recipient.via.id}`;
      const queued = await onceFor(event.id, recipient.uid, 'email', () =>
        addDigestEntry({ uid: recipient.uid, dueAt, eventId: event.id, eventType: event.type, closureId: plan.facts.id, occurredAt: event.occurredAt, via }),
      );
      if (queued) result.queued++;
      return;
    }
    const links = await alertLinks(recipient.uid, recipient.via);
    const sent = await onceFor(event.id, recipient.uid, 'email', () => sendAlertMail(to, closureAlertMail(line, links), links.unsubscribe));
    if (sent) result.sent++;
  });
  logger.info('email alerts', { eventId: event.id, type: event.type, ...result });
  return result;
}

/** The alert consumer's handler: the mail, then the texts (lambdas/events/sms-alerts.ts), of each event. */
export const handler = async (event: SNSEvent): Promise<EmailAlertResult & { texts: number }> => {
  const total = { sent: 0, queued: 0, skipped: 0, texts: 0 };
  for (const record of event.Records ?? []) {
    const domainEvent = JSON.parse(record.Sns.Message) as DomainEvent;
    const r = await emailAlertsFor(domainEvent);
    total.sent += r.sent;
    total.queued += r.queued;
    total.skipped += r.skipped;
    total.texts += (await smsAlertsFor(domainEvent)).sent;
  }
  return total;
};
