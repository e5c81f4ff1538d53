// The AWS fan-out worker on the local table: one SQS message of an event's deliveries is written
// once (a message delivered twice writes nothing new), and a bad message is reported alone so SQS
// retries only it. The split into messages is checked without AWS.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../../support/api';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';

const published: unknown[] = [];

beforeAll(async () => {
  useStackTable();
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher((field, result) => published.push({ field, result }));
});

afterAll(async () => {
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher(undefined);
});

const sqsEvent = (bodies: string[]): SQSEvent => ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body }) as SQSEvent['Records'][number]) });

describe('notification fan-out through the queue', () => {
  const event: DomainEvent = { id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), actor: 'staff', detail: { closureId: 'c1', lgaCode: '12900' } };
  const uids = Array.from({ length: 450 }, (_, i) => `fanout-queue-${event.id.slice(0, 8)}-${i}`);
  const content = { title: 'Closure updated: Flooding', redirectTo: '/map?closure=c1', resourceId: 'c1' };

  it('splits deliveries into messages of 200 that keep every recipient once', async () => {
    const { fanoutMessages, sendBatches, DELIVERIES_PER_MESSAGE } = await import('../../../lambdas/adapters/notifications/fanout');
    const bodies = fanoutMessages(event, uids.map((uid) => ({ uid, content })));
    expect(bodies).toHaveLength(Math.ceil(uids.length / DELIVERIES_PER_MESSAGE));
    const back = bodies.flatMap((b) => JSON.parse(b).deliveries.map((d: { uid: string }) => d.uid));
    expect(back).toEqual(uids);
    for (const b of bodies) expect(JSON.parse(b).event).toEqual(event);
    // SendMessageBatch takes at most 10 messages and 256 KB per request.
    const many = fanoutMessages(event, Array.from({ length: 5000 }, (_, i) => ({ uid: `u${i}`, content })));
    const requests = sendBatches(many);
    expect(requests.flat()).toEqual(many);
    for (const r of requests) {
      expect(r.length).toBeLessThanOrEqual(10);
      expect(r.reduce((sum, body) => sum + Buffer.byteLength(body), 0)).toBeLessThanOrEqual(256 * 1024);
    }
  });

  it('writes each message once, even when SQS delivers it twice, and reports only a bad message', async () => {
    const { fanoutMessages } = await import('../../../lambdas/adapters/notifications/fanout');
    const { handler } = await import('../../../lambdas/events/notify-fanout');
    const bodies = fanoutMessages(event, uids.map((uid) => ({ uid, content })));
    published.length = 0;
    const first = await handler(sqsEvent([...bodies, '{not json']));
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: `m${bodies.length}` }]);
    expect(published).toHaveLength(uids.length);

    const again = await handler(sqsEvent(bodies));
    expect(again.batchItemFailures).toEqual([]);
    expect(published).toHaveLength(uids.length);

    const { db } = await import('../../../lambdas/adapters/db/db');
    const stored = await Promise.all([uids[0], uids[449]].map((uid) => db().entities.notification.query.byUser({ uid }).go()));
    for (const { data } of stored) {
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ eventId: event.id, title: content.title });
    }
  });

  it("checks each recipient's settings for the delivery's category in the worker that writes it", async () => {
    const { fanoutMessages } = await import('../../../lambdas/adapters/notifications/fanout');
    const { handler } = await import('../../../lambdas/events/notify-fanout');
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { settingsOf } = await import('../../../lambdas/core/notifications/rules');
    const checked: DomainEvent = { ...event, id: randomUUID() };
    const [quiet, keen, unknown] = ['quiet', 'keen', 'unknown'].map((name) => `fanout-settings-${checked.id.slice(0, 8)}-${name}`);
    const lgaOff = { ...settingsOf(undefined), lgaUpdates: { inApp: false, push: true } };
    await db().entities.user.put({ uid: quiet, email: `${quiet}@example.com`, notificationSettings: lgaOff } as never).go();
    await db().entities.user.put({ uid: keen, email: `${keen}@example.com` } as never).go();
    const lgaDeliveries = [quiet, keen, unknown].map((uid) => ({ uid, content, category: 'lgaUpdates' as const }));
    // Another event reaches the same user as a closure follower: closure updates stay on.
    const followed: DomainEvent = { ...event, id: randomUUID() };
    const result = await handler(sqsEvent([...fanoutMessages(checked, lgaDeliveries), ...fanoutMessages(followed, [{ uid: quiet, content, category: 'closureUpdates' }])]));
    expect(result.batchItemFailures).toEqual([]);
    const stored = async (uid: string) => (await db().entities.notification.query.byUser({ uid }).go()).data.map((n) => n.eventId);
    expect(await stored(keen)).toEqual([checked.id]);
    expect(await stored(unknown)).toEqual([checked.id]);
    expect(await stored(quiet)).toEqual([followed.id]);
  });
});
