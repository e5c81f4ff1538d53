// A council bigger than one batch on the real local table: the alert consumer splits a closure
// event's mail and texts into bounded batches and hands them to the alert queue (the local
// stand-in of the SQS queue, run by the real alert sender); everyone gets one mail and one text,
// also when the event comes again. A batch that fails half way (the mail service refusing one
// mail, the SMS service one text) is received again and sends only what had not gone.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signIn } from '../../support/api';
import { createForbesClosure } from '../notifications/support';
import { readOutbox, outboxMailSink } from '../../../local/outbox';
import { readSmsOutbox, smsOutboxSink } from '../../../local/sms-outbox';
import { localAlertQueue } from '../../../local/alert-queue';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { snsOf, useAlertWorker } from './support';

// Paced far faster than SES here: what is checked is who gets what, not the pace.
process.env.ALERT_MAIL_RATE = '5000';
process.env.SMS_SEND_RATE = '5000';

const { db } = await import('../../../lambdas/adapters/db/db');
const { deliverMailLocally } = await import('../../../lambdas/adapters/platform/mail');
const { deliverSmsLocally } = await import('../../../lambdas/adapters/alerts/sms-out');
const { deliverAlertBatchesLocally } = await import('../../../lambdas/adapters/alerts/alert-queue');
const { setSmsCap } = await import('../../../lambdas/adapters/alerts/sms-spend');
const { alertBatchesFor } = await import('../../../lambdas/events/alert-batches');
const { handler: consumer } = await import('../../../lambdas/events/email-alerts');
const { handler: sender } = await import('../../../lambdas/events/alert-fanout');
const { ALERT_BATCH_PEOPLE } = await import('../../../lambdas/core/alerts/batches');

// Just over one batch: two batches show the split, the hand-over and a retry as well as three would.
const FOLLOWERS = ALERT_BATCH_PEOPLE + 10;
const TEXTED = 60;

interface Council {
  code: string;
  addresses: string[];
  mobiles: string[];
}

/** A paying council of its own (so no other test's events reach these followers), with FOLLOWERS following it by email and TEXTED of them by text too. */
async function council(label: string): Promise<Council> {
  const started = Date.now();
  const code = `BATCH-${label}-${randomUUID().slice(0, 8)}`;
  await db().entities.lga.put({ code, name: `Batchton ${label}`, state: 'NSW' } as never).go();
  await db().entities.customer.put({ lgaCode: code, subscriptionStatus: 'active' } as never).go();
  await setSmsCap(code, 1_000_000);
  const uids = Array.from({ length: FOLLOWERS }, (_, i) => `${code}-${String(i).padStart(3, '0')}`);
  const base = 40_000_000 + Math.floor(Math.random() * 50_000_000);
  const mobiles = uids.slice(0, TEXTED).map((_, i) => `+614${String(base + i).padStart(8, '0')}`);
  const { unprocessed } = await db()
    .entities.lgaSubscription.put(uids.map((uid, i) => ({ uid, lgaCode: code, optOuts: [], email: 'immediate' as const, digestHour: 7, sms: i < TEXTED })))
    .go({ concurrent: 4 });
  const { unprocessed: noProfile } = await db()
    .entities.user.put(
      uids.map((uid, i) => ({ uid, email: `${uid.toLowerCase()}@batch.example`, emailVerified: true, ...(i < TEXTED ? { alertMobile: mobiles[i], alertMobileVerified: true } : {}) })),
    )
    .go({ concurrent: 4 });
  expect([unprocessed, noProfile]).toEqual([[], []]);
  console.error(`seeded ${FOLLOWERS} followers of ${code} in ${Date.now() - started} ms`);
  return { code, addresses: uids.map((uid) => `${uid.toLowerCase()}@batch.example`), mobiles };
}

const eventFor = (closureId: string, lgaCode: string): DomainEvent => ({
  id: randomUUID(),
  type: 'closure.changed',
  occurredAt: Math.floor(Date.now() / 1000),
  actor: 'someone-else',
  detail: { closureId, lgaCode },
});

/** How many mails and texts of this event each follower got. */
function received(c: Council, closureId: string) {
  const dataDir = inject('stack').dataDir;
  const wanted = new Set(c.addresses);
  const mails = readOutbox(dataDir).filter((m) => wanted.has(m.to) && m.body.includes(`/map?closure=${closureId}`));
  const mobiles = new Set(c.mobiles);
  const texts = readSmsOutbox(dataDir).filter((t) => mobiles.has(t.to) && t.body.includes(closureId));
  const perAddress = new Map(c.addresses.map((a) => [a, 0]));
  for (const m of mails) perAddress.set(m.to, perAddress.get(m.to)! + 1);
  const perMobile = new Map(c.mobiles.map((m) => [m, 0]));
  for (const t of texts) perMobile.set(t.to, perMobile.get(t.to)! + 1);
  return { mailCounts: new Set(perAddress.values()), textCounts: new Set(perMobile.values()), mails: mails.length, texts: texts.length };
}

let closureId: string;
/** Seeded once for the split and the sends (a fresh event each): hundreds of items take a while on a loaded machine. */
let shared: Promise<Council> | undefined;
const sharedCouncil = () => (shared ??= council('once'));

beforeAll(async () => {
  useAlertWorker();
  const staff = { token: (await signIn('staff@forbes.example')).accessToken };
  ({ id: closureId } = await createForbesClosure(staff));
}, 60_000);

afterEach(() => {
  deliverAlertBatchesLocally(undefined);
  const dataDir = inject('stack').dataDir;
  deliverMailLocally(outboxMailSink(dataDir));
  deliverSmsLocally(smsOutboxSink(dataDir));
});

/** Seeding hundreds of followers and sending their messages on a shared, loaded machine takes a while. */
const SLOW = 180_000;

describe('alert batches', () => {
  it('split an event bigger than one batch so that each batch keeps each channel to ALERT_BATCH_PEOPLE, and every follower is in one', async () => {
    const c = await sharedCouncil();
    const batches = await alertBatchesFor(eventFor(closureId, c.code));
    expect(batches).toHaveLength(Math.ceil(FOLLOWERS / ALERT_BATCH_PEOPLE));
    for (const b of batches) {
      expect(b.email.length).toBeLessThanOrEqual(ALERT_BATCH_PEOPLE);
      expect(b.sms?.uids.length ?? 0).toBeLessThanOrEqual(ALERT_BATCH_PEOPLE);
      expect(b.parts).toBe(batches.length);
      // Each message stays well inside SQS's 256 KB.
      expect(Buffer.byteLength(JSON.stringify(b))).toBeLessThan(100 * 1024);
    }
    const mailed = batches.flatMap((b) => b.email.map((r) => r.uid));
    const texted = batches.flatMap((b) => b.sms?.uids ?? []);
    expect(mailed).toHaveLength(FOLLOWERS);
    expect(new Set(mailed).size).toBe(FOLLOWERS);
    expect(texted).toHaveLength(TEXTED);
    expect(new Set(texted).size).toBe(TEXTED);
  }, SLOW);

  it('reach every follower once through the queue, and a replayed event sends nothing more', async () => {
    const c = await sharedCouncil();
    const queue = localAlertQueue({ run: (e) => sender(e), retryAfterMs: 50 });
    const sent: Promise<void>[] = [];
    deliverAlertBatchesLocally((bodies) => void sent.push(queue.send(bodies)));
    const event = eventFor(closureId, c.code);

    const first = await consumer(snsOf(event));
    expect(first).toMatchObject({ handedOn: true, batches: Math.ceil(FOLLOWERS / ALERT_BATCH_PEOPLE) });
    await Promise.all(sent);
    expect(received(c, closureId)).toEqual({ mailCounts: new Set([1]), textCounts: new Set([1]), mails: FOLLOWERS, texts: TEXTED });

    // SNS delivers it again, twice at once: the claims find every send made.
    await Promise.all([consumer(snsOf(event)), consumer(snsOf(event))]);
    await Promise.all(sent);
    expect(received(c, closureId)).toEqual({ mailCounts: new Set([1]), textCounts: new Set([1]), mails: FOLLOWERS, texts: TEXTED });
    expect(queue.deadLetters).toEqual([]);
  }, SLOW);

  it('retry a batch that failed half way without sending anything twice or dropping anything', async () => {
    const c = await council('retry');
    const dataDir = inject('stack').dataDir;
    // The mail service refuses the 120th mail and the SMS service the 30th text, once each.
    let mails = 0;
    let texts = 0;
    const toOutbox = outboxMailSink(dataDir);
    const toSmsOutbox = smsOutboxSink(dataDir);
    deliverMailLocally((m) => {
      if (++mails === 120) throw new Error('Maximum sending rate exceeded.');
      toOutbox(m);
    });
    deliverSmsLocally((t) => {
      if (++texts === 30) throw new Error('ThrottlingException');
      toSmsOutbox(t);
    });
    const receives = new Map<string, number>();
    const failures: string[] = [];
    const queue = localAlertQueue({
      run: async (e) => {
        const id = e.Records[0]!.messageId;
        receives.set(id, (receives.get(id) ?? 0) + 1);
        const response = await sender(e);
        if (response && response.batchItemFailures.length) failures.push(id);
        return response;
      },
      retryAfterMs: 50,
    });
    const sent: Promise<void>[] = [];
    deliverAlertBatchesLocally((bodies) => void sent.push(queue.send(bodies)));

    await consumer(snsOf(eventFor(closureId, c.code)));
    await Promise.all(sent);
    // At least one batch failed part way and was received again; nothing went to the dead letters.
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...receives.values())).toBeGreaterThanOrEqual(2);
    expect(queue.deadLetters).toEqual([]);
    expect(received(c, closureId)).toEqual({ mailCounts: new Set([1]), textCounts: new Set([1]), mails: FOLLOWERS, texts: TEXTED });
  }, SLOW);
});
