// Subscriptions carry their user's notification opt-outs: the fan-out decides from them without
// reading profiles, settings changes and new subscriptions keep them in step even when they race,
// and a subscription written before they were carried still follows its user's profile.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, useStackTable, type Auth } from '../../support/api';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { createForbesClosure, freshUser, FORBES, ok, PARKES, Q, type TestUser } from './support';

const on = { inApp: true, push: true };
const lgaOff = { closureUpdates: on, lgaUpdates: { inApp: false, push: true }, reportOutcomes: on };
const allOn = { closureUpdates: on, lgaUpdates: on, reportOutcomes: on };

let staff: Auth;

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher(() => undefined);
});

afterAll(async () => {
  vi.restoreAllMocks();
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher(undefined);
});

/** Runs `work` while recording which of `uids` had their profile read (GetItem or BatchGet of PROFILE). */
async function profileReadsDuring<T>(uids: readonly string[], work: () => Promise<T>): Promise<{ result: T; read: Set<string> }> {
  const { dynamoClient } = await import('../../../lambdas/adapters/db/client');
  const client = dynamoClient();
  const wanted = new Set(uids.map((uid) => `USER#${uid}`));
  const read = new Set<string>();
  const original = client.send.bind(client);
  const spy = vi.spyOn(client, 'send').mockImplementation(((command: { input?: Record<string, unknown> }) => {
    const input = command.input ?? {};
    const keys = [
      ...(input.Key ? [input.Key] : []),
      ...Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>).flatMap((r) => r.Keys ?? []),
    ] as { pk?: string; sk?: string }[];
    for (const key of keys) if (key.sk === 'PROFILE' && key.pk && wanted.has(key.pk)) read.add(key.pk.slice('USER#'.length));
    return original(command as never);
  }) as never);
  try {
    return { result: await work(), read };
  } finally {
    spy.mockRestore();
  }
}

async function subscriptionItem(uid: string, sk: string) {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamoClient, tableName } = await import('../../../lambdas/adapters/db/client');
  const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${uid}`, sk }, ConsistentRead: true }));
  return Item;
}

const closureEvent = (closureId: string): DomainEvent => ({ id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), actor: 'someone-else', detail: { closureId, lgaCode: FORBES } });

describe('notification opt-outs on subscriptions', () => {
  let quiet: TestUser;
  let loud: TestUser;

  beforeAll(async () => {
    [quiet, loud] = await Promise.all([freshUser('optout-quiet'), freshUser('optout-loud')]);
    await ok(Q.subscribeToLga, { code: FORBES }, quiet.auth);
    await ok(Q.subscribeToLga, { code: FORBES }, loud.auth);
    await ok(Q.updateNotificationSettings, { input: lgaOff }, quiet.auth);
  });

  it('leaves out a user who turned LGA updates off, deciding from the subscription without reading a profile', async () => {
    expect((await subscriptionItem(quiet.uid, `SUB#LGA#${FORBES}`))?.optOuts).toEqual(['lgaUpdates.inApp']);
    expect((await subscriptionItem(loud.uid, `SUB#LGA#${FORBES}`))?.optOuts).toEqual([]);
    const closure = await createForbesClosure(staff);
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const { result: written, read } = await profileReadsDuring([quiet.uid, loud.uid], () => notifyFor(closureEvent(closure.id)));
    expect(written.some((n) => n.uid === quiet.uid)).toBe(false);
    expect(written.filter((n) => n.uid === loud.uid)).toHaveLength(1);
    expect([...read]).toEqual([]);

    // The queue path carries them too, so each SQS worker reads no profile either.
    const { planFor } = await import('../../../lambdas/events/plan');
    const plan = await planFor(closureEvent(closure.id), 'inApp', { deferSettings: true });
    expect(plan?.deliveries.find((d) => d.uid === quiet.uid)).toMatchObject({ category: 'lgaUpdates', optOuts: ['lgaUpdates.inApp'] });
    // Push decides from the same copy: LGA updates stay on for push.
    const { result: push, read: pushRead } = await profileReadsDuring([quiet.uid], () => planFor(closureEvent(closure.id), 'push'));
    expect(push?.deliveries.some((d) => d.uid === quiet.uid)).toBe(true);
    expect([...pushRead]).toEqual([]);
  });

  it('still honours the profile for a subscription written before subscriptions carried opt-outs', async () => {
    const { db } = await import('../../../lambdas/adapters/db/db');
    const old = await freshUser('optout-old');
    await db().entities.user.patch({ uid: old.uid }).set({ notificationSettings: lgaOff }).go();
    await db().entities.lgaSubscription.put({ uid: old.uid, lgaCode: FORBES }).go(); // no opt-outs, as before
    expect((await subscriptionItem(old.uid, `SUB#LGA#${FORBES}`))?.optOuts).toBeUndefined();
    const closure = await createForbesClosure(staff);
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const { result: written, read } = await profileReadsDuring([old.uid, loud.uid], () => notifyFor(closureEvent(closure.id)));
    expect(written.some((n) => n.uid === old.uid)).toBe(false);
    expect(written.some((n) => n.uid === loud.uid)).toBe(true);
    // Only the user whose subscription lacks the copy had their profile read.
    expect([...read]).toEqual([old.uid]);
  });

  it('never leaves a subscription with stale opt-outs when subscribing races a settings change', async () => {
    const racer = await freshUser('optout-race');
    const closure = await createForbesClosure(staff);
    const { subscribeToClosure, subscribeToLga, unsubscribeFromClosure, unsubscribeFromLga } = await import('../../../lambdas/adapters/notifications/subscriptions');
    const { saveNotificationSettings } = await import('../../../lambdas/adapters/opt-outs/settings');
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { optOutsOfStored } = await import('../../../lambdas/core/notifications/opt-outs');
    for (let round = 0; round < 4; round++) {
      const settings = round % 2 === 0 ? lgaOff : allOn;
      await Promise.all([subscribeToLga(racer.uid, PARKES), subscribeToClosure(racer.uid, closure.id, FORBES), saveNotificationSettings(racer.uid, settings)]);
      const { data: profile } = await db().entities.user.get({ uid: racer.uid }).go({ attributes: ['notificationSettings'] });
      const expected = optOutsOfStored(profile?.notificationSettings);
      expect(expected).toEqual(round % 2 === 0 ? ['lgaUpdates.inApp'] : []);
      expect((await subscriptionItem(racer.uid, `SUB#LGA#${PARKES}`))?.optOuts).toEqual(expected);
      expect((await subscriptionItem(racer.uid, `SUB#CLOSURE#${closure.id}`))?.optOuts).toEqual(expected);
      await Promise.all([unsubscribeFromLga(racer.uid, PARKES), unsubscribeFromClosure(racer.uid, closure.id)]);
    }
  });

  it('updates every subscription of a user who follows more closures than one transaction holds', async () => {
    const { db } = await import('../../../lambdas/adapters/db/db');
    const many = await freshUser('optout-many');
    const closureIds = Array.from({ length: 130 }, () => `optout-${randomUUID()}`);
    await db().entities.closureSubscription.put(closureIds.map((closureId) => ({ uid: many.uid, closureId, lgaCode: FORBES }))).go();
    await ok(Q.updateNotificationSettings, { input: { ...allOn, closureUpdates: { inApp: true, push: false } } }, many.auth);
    const { data } = await db().entities.closureSubscription.query.byUser({ uid: many.uid }).go({ pages: 'all' });
    expect(data).toHaveLength(130);
    for (const subscription of data) expect(subscription.optOuts).toEqual(['closureUpdates.push']);
  });
});
