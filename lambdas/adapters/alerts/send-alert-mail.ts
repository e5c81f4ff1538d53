// Alert mail out: SES v2 with the stack's configuration set (so bounces and complaints come back
// on the feedback topic), the one-click unsubscribe headers of RFC 8058, and a pace under the SES
// send rate set in configuration. Locally the same message lands in the /dev/mail outbox.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { isDemoMode } from '../../core/identity/demo';
import { mailSendRate, pacer, type Pacer } from '../../core/alerts/send-rate';
import type { RenderedMail } from '../../core/alerts/alert-mail';
import { localMailSink } from '../platform/mail';

let ses: SESv2Client | undefined;
let pace: Pacer | undefined;

/** The headers that let a mail client offer Unsubscribe and do it in one POST (RFC 8058). */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export async function sendAlertMail(to: string, mail: RenderedMail, unsubscribeUrl: string): Promise<'sent' | 'demo'> {
  const headers = unsubscribeHeaders(unsubscribeUrl);
  pace ??= pacer(mailSendRate());
  await pace.next();
  const sink = localMailSink();
  if (sink) {
    sink({ to, subject: mail.subject, text: mail.text, html: mail.html, headers, sentAt: Math.floor(Date.now() / 1000) });
    return 'sent';
  }
  if (isDemoMode()) return 'demo';
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [to] },
      ConfigurationSetName: process.env.MAIL_CONFIGURATION_SET || undefined,
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })),
        },
      },
    }),
  );
  return 'sent';
}
