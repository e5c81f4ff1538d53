// The local mail outbox. Locally nothing is emailed: messages cognito-local would send
// (confirmation codes) are kept in <data>/outbox.jsonl, printed on the console and listed at
// /dev/mail (local mode only), so sign-up can be finished on one machine.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  code?: string;
  sentAt: number;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'outbox.jsonl');

export function appendToOutbox(dataDir: string, message: OutboxMessage): void {
  appendFileSync(fileOf(dataDir), `${JSON.stringify(message)}\n`);
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

/** Reads cognito-local's "Confirmation Code Delivery" boxes out of its console output. */
export function watchCognitoDeliveries(stream: NodeJS.ReadableStream, onMessage: (m: OutboxMessage) => void): void {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString().replace(ANSI, '');
    for (;;) {
      const match = buffer.match(/Confirmation Code Delivery([\s\S]*?)╰/);
      if (!match) break;
      buffer = buffer.slice((match.index ?? 0) + match[0].length);
      const field = (name: string) => match[1].match(new RegExp(`${name}:\\s+([^│\\n]+?)\\s*│`))?.[1]?.trim();
      const to = field('Destination');
      const code = field('Code');
      if (to) {
        onMessage({
          to,
          code,
          subject: field('Email Subject') ?? 'Your verification code',
          body: field('Email Message') ?? `Your verification code is ${code}`,
          sentAt: Math.floor(Date.now() / 1000),
        });
      }
    }
    if (buffer.length > 100_000) buffer = buffer.slice(-10_000);
  });
}
