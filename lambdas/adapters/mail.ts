// Outgoing mail: SES (v2) in AWS, from MAIL_FROM. Locally nothing leaves the machine: when
// LOCAL_OUTBOX_DIR is set (local/stack.ts sets it) the message is appended to the local outbox
// that /dev/mail lists, so a sign-in link can be followed on one computer.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { appendToOutbox } from '../../local/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A code the local outbox shows in its own column (never used in AWS). */
  code?: string;
}

let ses: SESv2Client | undefined;

export async function sendMail(message: MailMessage): Promise<void> {
  const outbox = process.env.LOCAL_OUTBOX_DIR;
  if (outbox) {
    appendToOutbox(outbox, {
      to: message.to,
      subject: message.subject,
      body: message.text,
      code: message.code,
      sentAt: Math.floor(Date.now() / 1000),
    });
    return;
  }
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
}
