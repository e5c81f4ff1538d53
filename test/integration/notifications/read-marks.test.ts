// Reading notifications: newest first, unread filter, paging, and the read/seen marks.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { freshUser, notificationsOf, ok, Q, type Notification, type TestUser } from './support';

async function seed(user: TestUser, count: number) {
  const { writeNewNotifications, withTtl } = await import('../../../lambdas/adapters/notifications/store');
  const { notificationId } = await import('../../../lambdas/core/notifications/rules');
  const base = Math.floor(Date.now() / 1000) - count;
  const items = Array.from({ length: count }, (_, i) =>
    withTtl({ uid: user.uid, id: notificationId(randomUUID(), user.uid, base + i), timestamp: base + i, title: `Note ${i}`, redirectTo: '/map' }),
  );
  await writeNewNotifications(items);
  return items;
}

beforeAll(() => useStackTable());

describe('notifications list and marks', () => {
  it('lists newest first and pages with nextToken', async () => {
    const user = await freshUser();
    await seed(user, 5);
    const first = await ok<{ notifications: { items: Notification[]; nextToken: string | null } }>(Q.notifications, { limit: 3 }, user.auth);
    expect(first.notifications.items.map((n) => n.title)).toEqual(['Note 4', 'Note 3', 'Note 2']);
    expect(first.notifications.nextToken).toBeTruthy();
    const second = await ok<{ notifications: { items: Notification[]; nextToken: string | null } }>(Q.notifications, { limit: 3, nextToken: first.notifications.nextToken }, user.auth);
    expect(second.notifications.items.map((n) => n.title)).toEqual(['Note 1', 'Note 0']);
  });

  it('leaves out notifications past their time-to-live', async () => {
    const user = await freshUser();
    const { writeNewNotifications } = await import('../../../lambdas/adapters/notifications/store');
    const old = Math.floor(Date.now() / 1000) - 700_000;
    await writeNewNotifications([{ uid: user.uid, id: `${old}-${'a'.repeat(24)}`, timestamp: old, title: 'Old', expiresAt: old + 604_800 }]);
    expect(await notificationsOf(user)).toEqual([]);
  });

  it('marks one read (and seen), filters unread, and reports a missing one', async () => {
    const user = await freshUser();
    const items = await seed(user, 3);
    const target = items[1]!;
    const marked = await ok<{ markNotificationRead: Notification }>(Q.markNotificationRead, { id: target.id }, user.auth);
    expect(marked.markNotificationRead.read).toBeTypeOf('number');
    expect(marked.markNotificationRead.seen).toBe(marked.markNotificationRead.read);
    const unread = await notificationsOf(user, { unreadOnly: true });
    expect(unread.map((n) => n.id).sort()).toEqual([items[0]!.id, items[2]!.id].sort());

    const missing = await gql(Q.markNotificationRead, { id: 'nope' }, user.auth);
    expect(missing.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: "Notification with id 'nope' does not exist" });
  });

  it("cannot mark another user's notification", async () => {
    const [owner, other] = await Promise.all([freshUser(), freshUser()]);
    const [note] = await seed(owner, 1);
    const res = await gql(Q.markNotificationRead, { id: note!.id }, other.auth);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: `Notification with id '${note!.id}' does not exist` });
    expect((await notificationsOf(owner))[0]!.read).toBeNull();
  });

  it('marks all seen without reading them, then all read', async () => {
    const user = await freshUser();
    await seed(user, 4);
    const seen = await ok<{ markAllNotificationsSeen: number }>(Q.markAllNotificationsSeen, {}, user.auth);
    expect(seen.markAllNotificationsSeen).toBe(4);
    let list = await notificationsOf(user);
    expect(list.every((n) => typeof n.seen === 'number' && n.read === null)).toBe(true);
    const read = await ok<{ markAllNotificationsRead: number }>(Q.markAllNotificationsRead, {}, user.auth);
    expect(read.markAllNotificationsRead).toBe(4);
    list = await notificationsOf(user);
    expect(list.every((n) => typeof n.read === 'number')).toBe(true);
    expect(await notificationsOf(user, { unreadOnly: true })).toEqual([]);
    expect((await ok<{ markAllNotificationsRead: number }>(Q.markAllNotificationsRead, {}, user.auth)).markAllNotificationsRead).toBe(0);
  });

  it('rejects a bad limit', async () => {
    const user = await freshUser();
    const res = await gql(Q.notifications, { limit: 1000 }, user.auth);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid limit' });
  });
});
