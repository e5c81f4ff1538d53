// The notification consumer: each user once per event, replay-safe, settings respected, and
// the access-request notices. Events go through the real stack (createClosure) or, for replays,
// straight to the consumer in this worker against the stack's table.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import type { DomainEvent } from '../../../lambdas/adapters/platform/events';
import { createForbesClosure, forbesLine, freshUser, FORBES, notificationsOf, ok, Q, waitForNotifications, type TestUser } from './support';

let staff: Auth;
const published: unknown[] = [];

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher((field, result) => published.push({ field, result }));
});

afterAll(async () => {
  const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
  setLocalNotificationPublisher(undefined);
});

const forClosure = (id: string) => <T extends { resourceId?: string }>(items: T[]) => items.filter((n) => n.resourceId === id);

describe('closure events', () => {
  let both: TestUser;
  beforeAll(async () => {
    both = await freshUser('both');
    await ok(Q.subscribeToLga, { code: FORBES }, both.auth);
  });

  it('notifies a user who follows both the closure and its LGA once per event', async () => {
    const closure = await createForbesClosure(staff);
    const created = forClosure(closure.id)(await waitForNotifications(both, (items) => forClosure(closure.id)(items).length >= 1));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ uid: both.uid, redirectTo: `/map?closure=${closure.id}`, read: null, seen: null });
    expect(created[0]!.title).toMatch(/^New closure in Forbes: Flooding/);

    await ok(Q.subscribeToClosure, { id: closure.id }, both.auth);
    await ok(
      `mutation($id: ID!, $input: ClosureInput!) { updateClosure(id: $id, input: $input) { id } }`,
      { id: closure.id, input: { lgaCode: FORBES, type: 'crash', regions: [{ geometry: forbesLine() }] } },
      staff,
    );
    const afterUpdate = forClosure(closure.id)(await waitForNotifications(both, (items) => forClosure(closure.id)(items).length >= 2));
    expect(afterUpdate).toHaveLength(2);
    // Both events can fall in the same second, so find the update by its title, not its place.
    const update = afterUpdate.find((n) => n.title === 'Closure updated: Crash');
    expect(update).toBeDefined();

    // Items stored with the 7-day TTL.
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { data } = await db().entities.notification.query.byUser({ uid: both.uid }).go();
    const stored = data.find((n) => n.id === update!.id)!;
    expect(stored.expiresAt).toBe(stored.timestamp + 604_800);
  });

  it('writes nothing new when the same event is delivered again, and keeps read marks', async () => {
    const closure = await createForbesClosure(staff);
    const follower = await freshUser('replay');
    await ok(Q.subscribeToClosure, { id: closure.id }, follower.auth);
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const event: DomainEvent = { id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), actor: 'someone-else', detail: { closureId: closure.id, lgaCode: FORBES } };
    published.length = 0;
    const first = await notifyFor(event);
    expect(first.map((n) => n.uid)).toContain(follower.uid);
    expect(published.length).toBe(first.length);
    const mine = first.find((n) => n.uid === follower.uid)!;
    await ok(Q.markNotificationRead, { id: mine.id }, follower.auth);

    const replay = await notifyFor(event);
    expect(replay).toEqual([]);
    expect(published.length).toBe(first.length);
    const items = forClosure(closure.id)(await notificationsOf(follower));
    expect(items).toHaveLength(1);
    expect(items[0]!.read).toBeTypeOf('number');
  });

  it('fans out in batches of 25 to every follower', async () => {
    const closure = await createForbesClosure(staff);
    const { db } = await import('../../../lambdas/adapters/db/db');
    // 60 followers written straight into the table (creating 60 Cognito users would be slow).
    const uids = Array.from({ length: 60 }, () => `fanout-${randomUUID()}`);
    await db().entities.closureSubscription.put(uids.map((uid) => ({ uid, closureId: closure.id, lgaCode: FORBES }))).go();
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const event: DomainEvent = { id: randomUUID(), type: 'closure.reopened', occurredAt: Math.floor(Date.now() / 1000), detail: { closureId: closure.id, lgaCode: FORBES } };
    const written = await notifyFor(event);
    const reached = new Set(written.map((n) => n.uid));
    for (const uid of uids) expect(reached.has(uid)).toBe(true);
    const { data } = await db().entities.notification.query.byUser({ uid: uids[59]! }).go();
    expect(data).toHaveLength(1);
    expect(data[0]!.title).toBe('Road reopened: Flooding');
  });

  it('respects a user who turned LGA updates off in the app', async () => {
    const quiet = await freshUser('quiet');
    await ok(Q.subscribeToLga, { code: FORBES }, quiet.auth);
    const off = { inApp: false, push: true };
    const on = { inApp: true, push: true };
    const saved = await ok<{ updateNotificationSettings: unknown }>(Q.updateNotificationSettings, { input: { closureUpdates: on, lgaUpdates: off, reportOutcomes: on } }, quiet.auth);
    expect(saved.updateNotificationSettings).toMatchObject({ lgaUpdates: off });
    expect((await ok<{ notificationSettings: unknown }>(Q.notificationSettings, {}, quiet.auth)).notificationSettings).toMatchObject({ lgaUpdates: off, closureUpdates: on });

    const closure = await createForbesClosure(staff);
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const event: DomainEvent = { id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), detail: { closureId: closure.id, lgaCode: FORBES } };
    const written = await notifyFor(event);
    expect(written.some((n) => n.uid === quiet.uid)).toBe(false);
    // Following the closure itself is a closure update, which stays on.
    await ok(Q.subscribeToClosure, { id: closure.id }, quiet.auth);
    const again = await notifyFor({ ...event, id: randomUUID() });
    expect(again.filter((n) => n.uid === quiet.uid)).toHaveLength(1);
  });

  it('does not notify the staff member who made the change', async () => {
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { data: staffUser } = await db().entities.user.query.byEmail({ email: 'staff@forbes.example' }).go();
    const staffUid = staffUser[0]!.uid;
    const closure = await createForbesClosure(staff);
    await db().entities.closureSubscription.put({ uid: staffUid, closureId: closure.id, lgaCode: FORBES }).go();
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const written = await notifyFor({ id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), actor: staffUid, detail: { closureId: closure.id, lgaCode: FORBES } });
    expect(written.some((n) => n.uid === staffUid)).toBe(false);
  });
});

describe('access request events', () => {
  it("tells the LGA's account managers about a new request and the requester about the answer", async () => {
    const { db } = await import('../../../lambdas/adapters/db/db');
    const requester = await freshUser('requester');
    const manager = await freshUser('manager');
    const moderator = await freshUser('moderator');
    const lgaCode = '10550';
    await db().entities.manager.put({ lgaCode, email: manager.email, roles: ['account_manager'], addedBy: 'test' }).go();
    await db().entities.manager.put({ lgaCode, email: moderator.email, roles: ['submission_moderator'], addedBy: 'test' }).go();
    const { notifyFor } = await import('../../../lambdas/events/notify');
    const requestId = `${Math.floor(Date.now() / 1000)}#${requester.uid}`;
    const created = await notifyFor({ id: randomUUID(), type: 'accessRequest.created', occurredAt: Math.floor(Date.now() / 1000), actor: requester.uid, detail: { lgaCode, requestId, uid: requester.uid, roles: [] } });
    expect(created.map((n) => n.uid)).toEqual([manager.uid]);
    expect(created[0]).toMatchObject({ title: 'New access request', redirectTo: `/lga/${lgaCode}/accounts`, body: `${requester.email} asked for access to Bega Valley` });

    const answered = await notifyFor({ id: randomUUID(), type: 'accessRequest.answered', occurredAt: Math.floor(Date.now() / 1000), actor: manager.uid, detail: { lgaCode, requestId, uid: requester.uid, decision: 'accepted', roles: ['closure_administrator'] } });
    expect(answered.map((n) => n.uid)).toEqual([requester.uid]);
    const items = await notificationsOf(requester);
    expect(items[0]).toMatchObject({ title: 'Access request approved', body: 'You now have access to Bega Valley' });
  });

  it('ignores events it does not know', async () => {
    const { notifyFor } = await import('../../../lambdas/events/notify');
    expect(await notifyFor({ id: randomUUID(), type: 'enquiry.submitted', occurredAt: 1, detail: { enquiryId: 'x' } })).toEqual([]);
  });
});

describe('refusals', () => {
  it('a non-IAM caller cannot publish a notification', async () => {
    const user = await freshUser();
    const doc = `mutation($uid: ID!, $input: PublishNotificationInput!) { publishNotification(uid: $uid, input: $input) { id uid } }`;
    const vars = { uid: user.uid, input: { id: '1', title: 'Fake', timestamp: 1 } };
    for (const auth of [user.auth, { apiKey: true } as Auth]) {
      const res = await gql(doc, vars, auth);
      expect(res.errors?.[0]?.errorType).toMatch(/Unauthorized/);
      expect(res.data?.publishNotification ?? null).toBeNull();
    }
  });
});
