// The delivery mark of the notification consumer: a first delivery claims it and writes without
// reading; a delivery whose mark is already there (a retry after a crash, a replay) writes only the
// notifications that are missing.
import { randomUUID } from 'node:crypto';
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

function deliveries(n: number) {
  return Array.from({ length: n }, () => ({ uid: `mark-${randomUUID()}`, content: { title: 'Road closed', body: 'Newell Highway' } }));
}

const eventOf = (): DomainEvent => ({ id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), detail: { closureId: 'c', lgaCode: '12900' } });

describe('delivery marks', () => {
  it('claims the mark on a first delivery, and a second delivery of the same group writes nothing', async () => {
    const { deliver } = await import('../../../lambdas/events/notify');
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { deliveryPart } = await import('../../../lambdas/core/notifications/delivery-part');
    const group = deliveries(30);
    const event = eventOf();
    const first = await deliver(event, group);
    expect(first).toHaveLength(30);
    const part = deliveryPart(group.map((d) => d.uid).reverse());
    const { data: mark } = await db().entities.fanoutMark.get({ eventId: event.id, part }).go();
    expect(mark).toMatchObject({ recipients: 30 });
    expect(mark!.expiresAt).toBeGreaterThan(event.occurredAt);
    expect(await deliver(event, [...group].reverse())).toEqual([]);
  });

  it('after a crash between the claim and the writes, the retry writes only what is missing', async () => {
    const { deliver } = await import('../../../lambdas/events/notify');
    const { claimDelivery, withTtl } = await import('../../../lambdas/adapters/notifications/store');
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { deliveryPart } = await import('../../../lambdas/core/notifications/delivery-part');
    const { notificationId } = await import('../../../lambdas/core/notifications/rules');
    const group = deliveries(40);
    const event = eventOf();
    // The crashed delivery: mark claimed, the first 15 written, then nothing.
    expect(await claimDelivery(event.id, deliveryPart(group.map((d) => d.uid)), group.length, event.occurredAt)).toBe(true);
    const early = group.slice(0, 15).map(({ uid, content }) => withTtl({ uid, id: notificationId(event.id, uid, event.occurredAt), timestamp: event.occurredAt, eventId: event.id, ...content }));
    await db().entities.notification.put(early as never).go();
    await db().entities.notification.patch({ uid: early[0].uid, timestamp: early[0].timestamp, id: early[0].id }).set({ read: 123 }).go();

    published.length = 0;
    const retried = await deliver(event, group);
    expect(retried.map((n) => n.uid).sort()).toEqual(group.slice(15).map((d) => d.uid).sort());
    expect(published).toHaveLength(25);
    // What was written before the crash is kept as it was (its read mark too).
    const { data } = await db().entities.notification.get({ uid: early[0].uid, timestamp: early[0].timestamp, id: early[0].id }).go();
    expect(data?.read).toBe(123);
  });
});
