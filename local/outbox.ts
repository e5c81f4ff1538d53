// The local mail outbox. Locally nothing is emailed: messages cognito-local would send
// (confirmation codes) are kept in <data>/outbox.jsonl, printed on the console and listed at
// /dev/mail (local mode only), so sign-up can be finished on one machine.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  code?: string;
  sentAt: number;
  /** Alert mail: its HTML part and its headers (List-Unsubscribe…), as SES would send them. */
  html?: string;
  headers?: Record<string, string>;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'outbox.jsonl');

export function appendToOutbox(dataDir: string, message: OutboxMessage): void {
  appendFileSync(fileOf(dataDir), `${JSON.stringify(message)}\n`);
}

/** The mail adapter's stand-in for SES (deliverMailLocally): each mail appended to this outbox. */
export function outboxMailSink(dataDir: string) {
  return ({ to, subject, text, code, sentAt, html, headers }: { to: string; subject: string; text: string; code?: string; sentAt: number; html?: string; headers?: Record<string, string> }) =>
    appendToOutbox(dataDir, { to, subject, body: text, code, sentAt, ...(html ? { html } : {}), ...(headers ? { headers } : {}) });
}

export function readOutbox(dataDir: string): OutboxMessage[] {
  if (!existsSync(fileOf(dataDir))) return [];
  return readFileSync(fileOf(dataDir), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage)
    .reverse();
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const BOX_START = 'Confirmation Code Delivery';
const BOX_END = '╰';

/**
 * Reads cognito-local's "Confirmation Code Delivery" boxes out of its console output, each as
 * soon as its last line arrives. The output is decoded as a stream (a box-drawing character or
 * a colour code split between two chunks stays whole) and every box is read on its own, so one
 * damaged box never swallows the next one's message.
 */
export function watchCognitoDeliveries(stream: NodeJS.ReadableStream, onMessage: (m: OutboxMessage) => void): void {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  const take = (text: string) => {
    buffer += text;
    for (;;) {
      const start = buffer.indexOf(BOX_START);
      if (start < 0) {
        // Keep a tail that may hold the start of the next box (or of a colour code).
        buffer = buffer.slice(-BOX_START.length - 16);
        return;
      }
      const end = buffer.indexOf(BOX_END, start);
      if (end < 0) {
        buffer = buffer.slice(start);
        if (buffer.length > 100_000) buffer = '';
        return;
      }
      let box = buffer.slice(start + BOX_START.length, end);
      buffer = buffer.slice(end + BOX_END.length);
      // A box cut short (its end lost) ends where the next one starts.
      const restart = box.lastIndexOf(BOX_START);
      if (restart >= 0) box = box.slice(restart + BOX_START.length);
      const message = messageOf(box.replace(ANSI, ''));
      if (message) onMessage(message);
    }
  };
  stream.on('data', (chunk: Buffer | string) => take(typeof chunk === 'string' ? chunk : decoder.write(chunk)));
  stream.on('end', () => take(decoder.end()));
}

function messageOf(box: string): OutboxMessage | undefined {
  const field = (name: string) => box.match(new RegExp(`${name}:\\s+([^│\\n]+?)\\s*│`))?.[1]?.trim();
  const to = field('Destination');
  const code = field('Code');
  if (!to) return undefined;
  return {
    to,
    code,
    subject: field('Email Subject') ?? 'Your verification code',
    body: field('Email Message') ?? `Your verification code is ${code}`,
    sentAt: Math.floor(Date.now() / 1000),
  };
}
