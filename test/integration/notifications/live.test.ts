// Live notifications: staff create a closure with the real createClosure mutation; a resident who
// follows Forbes has the notification in the list and receives it live over onNotification.
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useStackTable, type Auth } from '../../support/api';
import { createForbesClosure, freshUser, FORBES, NOTE_FIELDS, ok, Q, realtimeSubscribe, waitForNotifications } from './support';

const ON_NOTIFICATION = `subscription($uid: ID!) { onNotification(uid: $uid) { ${NOTE_FIELDS} } }`;
let staff: Auth;

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
});

describe('live notifications', () => {
  it('delivers a new Forbes closure to a Forbes follower in the list and over the realtime endpoint', async () => {
    const resident = await freshUser('live');
    await ok(Q.subscribeToLga, { code: FORBES }, resident.auth);
    const live = await realtimeSubscribe(resident.token, 'notes', ON_NOTIFICATION, { uid: resident.uid });
    expect(live.first.type).toBe('start_ack');

    const closure = await createForbesClosure(staff);
    const items = await waitForNotifications(resident, (list) => list.some((n) => n.resourceId === closure.id), 2000);
    const stored = items.find((n) => n.resourceId === closure.id);
    expect(stored).toBeDefined();

    const data = await live.next((m) => m.type === 'data' && m.id === 'notes' && m.payload?.data?.onNotification?.resourceId === closure.id);
    expect(data.payload.data.onNotification).toMatchObject({ id: stored!.id, uid: resident.uid, redirectTo: `/map?closure=${closure.id}` });
    live.socket.close();
  });

  it("does not deliver someone else's notifications", async () => {
    const [watcher, follower] = await Promise.all([freshUser('watcher'), freshUser('follower')]);
    await ok(Q.subscribeToLga, { code: FORBES }, follower.auth);
    const live = await realtimeSubscribe(watcher.token, 'own', ON_NOTIFICATION, { uid: watcher.uid });
    expect(live.first.type).toBe('start_ack');
    const closure = await createForbesClosure(staff);
    await waitForNotifications(follower, (list) => list.some((n) => n.resourceId === closure.id), 2000);
    expect(live.inbox.filter((m) => m.type === 'data')).toEqual([]);
    live.socket.close();
  });

  it("refuses a subscription to another user's uid", async () => {
    const [mallory, victim] = await Promise.all([freshUser('mallory'), freshUser('victim')]);
    const live = await realtimeSubscribe(mallory.token, 'steal', ON_NOTIFICATION, { uid: victim.uid });
    expect(live.first.type).toBe('error');
    expect(live.first.payload.errors[0]).toMatchObject({ errorType: 'Forbidden', message: 'You do not have permission to view this resource' });
    live.socket.close();
  });

  it('refuses a subscription without a uid as a ghost', async () => {
    const user = await freshUser('ghost');
    const live = await realtimeSubscribe(user.token, 'ghost', ON_NOTIFICATION, { uid: '' });
    expect(live.first.type).toBe('error');
    expect(live.first.payload.errors[0]).toMatchObject({ message: "Can't subscribe to notifications for a ghost!!" });
    live.socket.close();
  });
});
