// Reminders of the 15-minute schedule: closure administrators hear once a day per LGA about
// closures overdue for reopening (and starting soon, stale), and mark entries actioned.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { createForbesClosure, freshUser, FORBES, NOTE_FIELDS, type TestUser } from './support';

let staff: Auth;
let admin: TestUser;

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  admin = await freshUser('closure-admin');
  const { db } = await import('../../../lambdas/adapters/db/db');
  await db().entities.manager.put({ lgaCode: FORBES, email: admin.email, roles: ['closure_administrator'], addedBy: 'test' }).go();
});

const MARK = `mutation($notificationId: ID!, $closureId: ID!) { markReminderActioned(notificationId: $notificationId, closureId: $closureId) { ${NOTE_FIELDS} data } }`;

describe('closure reminders', () => {
  it('lists an overdue closure once a day for each closure administrator, and marks it actioned', async () => {
    const now = Math.floor(Date.now() / 1000);
    const closure = await createForbesClosure(staff, { estimatedReopening: now + 2 * 86_400 });
    // Seen from a day well after the estimated reopening (a day no other test uses).
    const later = now + (10 + Math.floor(Math.random() * 500)) * 86_400;
    const { sendClosureReminders } = await import('../../../lambdas/adapters/notifications/reminders');
    const { setLocalNotificationPublisher } = await import('../../../lambdas/adapters/notifications/publish');
    setLocalNotificationPublisher(() => undefined);
    expect(await sendClosureReminders(later)).toBeGreaterThan(0);

    const { db } = await import('../../../lambdas/adapters/db/db');
    const mine = async () => (await db().entities.notification.query.byUser({ uid: admin.uid }).go()).data.filter((n) => n.title.startsWith('Closures to review'));
    const [reminder] = await mine();
    expect(reminder).toMatchObject({ title: 'Closures to review in Forbes', redirectTo: '/closures/reopening-overdue' });
    // Stamped with the time it was sent, not the start of its day.
    expect(reminder!.timestamp).toBe(later);
    const data = reminder!.data as { overdue: { closureId: string; actioned: boolean }[] };
    expect(data.overdue.find((e) => e.closureId === closure.id)).toMatchObject({ actioned: false });

    // The next run that day writes nothing new.
    await sendClosureReminders(later + 900);
    expect(await mine()).toHaveLength(1);
    expect((await mine())[0]!.timestamp).toBe(later);

    const marked = await gql<{ markReminderActioned: { data: string; seen: number } }>(MARK, { notificationId: reminder!.id, closureId: closure.id }, admin.auth);
    expect(marked.errors).toBeUndefined();
    const after = JSON.parse(marked.data!.markReminderActioned.data) as typeof data;
    expect(after.overdue.find((e) => e.closureId === closure.id)).toMatchObject({ actioned: true });
    expect(marked.data!.markReminderActioned.seen).toBeTypeOf('number');

    // Nobody else can mark it, and an unknown closure is reported.
    const other = await freshUser();
    const refused = await gql(MARK, { notificationId: reminder!.id, closureId: closure.id }, other.auth);
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: `Notification with id '${reminder!.id}' does not exist` });
    const unknown = await gql(MARK, { notificationId: reminder!.id, closureId: 'nope' }, admin.auth);
    expect(unknown.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Closure nope not found' });
    setLocalNotificationPublisher(undefined);
  });
});
