// Shared pieces of the alert tests: the worker set up to run the alert consumers itself (the
// stack's signing key and site address), the outbox read per person, and the documents.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { useStackTable } from '../../support/api';
import { readOutbox, type OutboxMessage } from '../../../local/outbox';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { FORBES } from '../notifications/support';

export const CHANNEL_FIELDS = 'channels { kind target email digestHour }';
export const A = {
  setChannels: `mutation($input: SubscriptionChannelsInput!) { setSubscriptionChannels(input: $input) { closures { id } lgas { code } ${CHANNEL_FIELDS} } }`,
  alertChannels: 'query { alertChannels { email emailState emailAdvice } }',
  resume: 'mutation { resumeAlertEmail { email emailState emailAdvice } }',
  mySubscriptions: `query { mySubscriptions { closures { id } lgas { code } ${CHANNEL_FIELDS} } }`,
};

/** Lets this worker run the alert consumers as the stack does: same key, same site. */
export function useAlertWorker() {
  useStackTable();
  const stack = inject('stack');
  process.env.ALERT_SIGNING_KEY = (JSON.parse(readFileSync(path.join(stack.dataDir, 'alert-key.json'), 'utf8')) as { key: string }).key;
  process.env.SITE_URL = stack.url;
}

export const mailTo = (address: string): OutboxMessage[] => readOutbox(inject('stack').dataDir).filter((m) => m.to === address);

/** Waits until `address` has `count` mails (or the deadline passes); returns them, newest first. */
export async function waitForMail(address: string, count: number, deadlineMs = 4000): Promise<OutboxMessage[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const mail = mailTo(address);
    if (mail.length >= count || Date.now() > until) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const closureEvent = (closureId: string, type = 'closure.changed', occurredAt = Math.floor(Date.now() / 1000)): DomainEvent => ({
  id: randomUUID(),
  type,
  occurredAt,
  actor: 'someone-else',
  detail: { closureId, lgaCode: FORBES },
});

/** The SNS record shape the events topic delivers. */
export const snsOf = (message: unknown) => ({ Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(message), MessageId: randomUUID(), Type: 'Notification' } }] }) as never;
