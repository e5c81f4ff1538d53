// Alert mail out: SES v2 with the stack's configuration set (so bounces and complaints come back
// on the feedback topic), the one-click unsubscribe headers of RFC 8058, and a pace under the SES
// send rate set in configuration. Locally the same message lands in the /dev/mail outbox.
import { mailSendRate, pacer, type Pacer } from '../../core/alerts/send-rate';
import { alertSenders } from '../../core/alerts/batches';
import type { RenderedMail } from '../../core/alerts/alert-mail';
import { deliverMail } from '../platform/mail';

let pace: Pacer | undefined;

/** The headers that let a mail client offer Unsubscribe and do it in one POST (RFC 8058). */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export async function sendAlertMail(to: string, mail: RenderedMail, unsubscribeUrl: string): Promise<'sent' | 'demo'> {
  const headers = unsubscribeHeaders(unsubscribeUrl);
  // Each of the senders that may run at once keeps to its share of the account's rate.
  pace ??= pacer(mailSendRate() / alertSenders());
  await pace.next();
  return deliverMail({ to, subject: mail.subject, text: mail.text, html: mail.html, headers });
}
