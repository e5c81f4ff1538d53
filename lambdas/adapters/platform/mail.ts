// Outgoing mail: SES (v2) in AWS, from MAIL_FROM. Locally nothing leaves the machine: the local
// runtime hands in its outbox (the one /dev/mail lists) with deliverMailLocally, so a sign-in
// link can be followed on one computer.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { createHash } from 'node:crypto';
import { isDemoMode } from '../../core/identity/demo';
import { HOUR_SECONDS, mailCounters } from '../../core/mail-limits';
import { db } from '../db/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A code the local outbox shows in its own column (never used in AWS). */
  code?: string;
  /** Extra headers (alert mail: List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

let ses: SESv2Client | undefined;

/** Receives each mail instead of SES: set by the local runtime (its /dev/mail outbox) and tests. */
export type LocalMailSink = (message: MailMessage & { sentAt: number }) => void;
let localSink: LocalMailSink | undefined;

export function deliverMailLocally(sink: LocalMailSink | undefined): void {
  localSink = sink;
}

export type MailOutcome = 'sent' | 'limited' | 'demo';

/**
 * Takes one slot of every counter (per recipient, per sender, overall) for this hour, in one
 * transaction: all or none. False when any of them is full.
 */
async function takeMailSlots(to: string, senderUid: string | undefined, now: number): Promise<boolean> {
  const bucket = Math.floor(now / HOUR_SECONDS);
  const recipient = createHash('sha256').update(to.trim().toLowerCase()).digest('hex').slice(0, 32);
  const result = await db()
    .transaction.write(({ counter }) =>
      mailCounters(recipient, senderUid).map(({ name, limit }) =>
        counter
          .update({ name, scope: `H${bucket}` })
          .add({ count: 1 })
          .set({ expiresAt: (bucket + 2) * HOUR_SECONDS })
          .where(({ count }, { lt, notExists }) => `${notExists(count)} OR ${lt(count, limit)}`)
          .commit(),
      ),
    )
    .go();
  return !result.canceled;
}

/**
 * Sends one mail within the limits (core/mail-limits.ts); over a limit nothing is sent and the
 * caller hears 'limited' (a sign-in link request still looks the same to whoever asked). A demo
 * deployment never sends real mail: only the local outbox receives it.
 */
export async function sendMail(message: MailMessage, options: { senderUid?: string } = {}): Promise<MailOutcome> {
  if (!(await takeMailSlots(message.to, options.senderUid, Math.floor(Date.now() / 1000)))) return 'limited';
  return deliverMail(message);
}

/**
 * Hands one mail over without counting it against the hourly limits: to the local outbox when the
 * runtime set one, to nobody in a demo deployment, else to SES with the stack's configuration set
 * (so bounces and complaints come back on the feedback topic) and the message's extra headers.
 */
export async function deliverMail(message: MailMessage): Promise<'sent' | 'demo'> {
  if (localSink) {
    localSink({ ...message, sentAt: Math.floor(Date.now() / 1000) });
    return 'sent';
  }
  if (isDemoMode()) return 'demo';
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [message.to] },
      ConfigurationSetName: process.env.MAIL_CONFIGURATION_SET || undefined,
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
          },
          ...(message.headers ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
        },
      },
    }),
  );
  return 'sent';
}
