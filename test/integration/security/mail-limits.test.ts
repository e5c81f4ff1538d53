// The app is no mail cannon: one address gets at most MAIL_LIMITS.perRecipient mails an hour,
// one signed-in sender causes at most MAIL_LIMITS.perSender; over a limit nothing is sent.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../../support/api';
import { MAIL_LIMITS } from '../../../lambdas/core/mail-limits';
import { outboxMailSink, readOutbox } from '../../../local/outbox';
import { deliverMailLocally } from '../../../lambdas/adapters/platform/mail';

let outbox: string;
beforeAll(() => {
  useStackTable();
  outbox = mkdtempSync(path.join(tmpdir(), 'mail-limits-'));
  deliverMailLocally(outboxMailSink(outbox));
});

describe('mail limits', () => {
  it('per recipient', async () => {
    const { sendMail } = await import('../../../lambdas/adapters/platform/mail');
    const to = `target-${randomUUID().slice(0, 8)}@example.com`;
    const outcomes = [];
    for (let i = 0; i <= MAIL_LIMITS.perRecipient; i++) outcomes.push(await sendMail({ to, subject: 'Sign in', text: 'x' }));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(MAIL_LIMITS.perRecipient);
    expect(outcomes.at(-1)).toBe('limited');
    expect(readOutbox(outbox).filter((m) => m.to === to)).toHaveLength(MAIL_LIMITS.perRecipient);
  });

  it('per sender, across many recipients', async () => {
    const { sendMail } = await import('../../../lambdas/adapters/platform/mail');
    const senderUid = `sender-${randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i <= MAIL_LIMITS.perSender; i++) outcomes.push(await sendMail({ to: `invitee-${randomUUID().slice(0, 8)}@example.com`, subject: 'Access', text: 'x' }, { senderUid }));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(MAIL_LIMITS.perSender);
    expect(outcomes.at(-1)).toBe('limited');
  });
});
