// Mails one batch of a closure event's email recipients: each gets one mail at once, or one entry
// in their next daily digest, under a claim per (event, person, channel), so a retried batch or a
// replayed event sends nothing it sent before. Only verified addresses that SES has not reported
// as bounced or complained about are mailed.
import type { DomainEvent } from '../adapters/platform/events';
import { alertAddresses } from '../adapters/alerts/addresses';
import { onceFor } from '../adapters/alerts/claims';
import { addDigestEntry } from '../adapters/alerts/digests';
import { sendAlertMail } from '../adapters/alerts/send-alert-mail';
import { forEachSettled } from '../core/alerts/batches';
import { closureAlertMail, type ClosureAlertFacts } from '../core/alerts/alert-mail';
import { nextDigestAt } from '../core/alerts/digest-time';
import type { ClosureEvent } from '../core/notifications/messages';
import { alertLinks, closureLink } from './alert-links';
import type { EmailRecipient } from './alert-plan';

/** Sends in flight: the pacer keeps the rate, this keeps connections few. */
const SENDS_IN_FLIGHT = 8;

export interface EmailAlertResult {
  sent: number;
  queued: number;
  skipped: number;
}

export async function sendEmailAlerts(event: DomainEvent, facts: ClosureAlertFacts, recipients: readonly EmailRecipient[]): Promise<EmailAlertResult> {
  const result = { sent: 0, queued: 0, skipped: 0 };
  if (recipients.length === 0) return result;
  const addresses = await alertAddresses(recipients.map((r) => r.uid));
  const line = { event: event.type as ClosureEvent, closure: facts, link: closureLink(facts.id) };
  await forEachSettled(recipients, SENDS_IN_FLIGHT, async (recipient) => {
    const to = addresses.get(recipient.uid);
    if (!to) {
      result.skipped++;
      return;
    }
    if (recipient.email === 'daily') {
      const dueAt = nextDigestAt(event.occurredAt, recipient.digestHour, facts.timeZone);
      const via = `${recipient.via.kind}:${recipient.via.id}`;
      const movedOutOf = recipient.movedOutOf ? { movedOutOf: recipient.movedOutOf } : {};
      const queued = await onceFor(event.id, recipient.uid, 'email', () =>
        addDigestEntry({ uid: recipient.uid, dueAt, eventId: event.id, eventType: event.type, closureId: facts.id, occurredAt: event.occurredAt, via, ...movedOutOf }),
      );
      if (queued) result.queued++;
      return;
    }
    const links = await alertLinks(recipient.uid, recipient.via);
    const mail = closureAlertMail(recipient.movedOutOf ? { ...line, movedOutOf: recipient.movedOutOf } : line, links);
    const sent = await onceFor(event.id, recipient.uid, 'email', () => sendAlertMail(to, mail, links.unsubscribe));
    if (sent) result.sent++;
  });
  return result;
}
