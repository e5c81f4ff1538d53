// The authorization matrix (docs/security.md#threat-model-who-can-do-what) of the notification and
// subscription operations. They act on the caller's own data only, so every signed-in caller may
// use them (whatever their roles or LGA's subscription) and anonymous callers never;
// lgaSubscriberCount is public; publishNotification is for the IAM consumer only. A refused call
// changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, type Auth, type GraphQLResponse } from '../../support/api';
import { matrixCallers, ROLES, type Callers, type Role } from '../closures/support';
import { createForbesClosure, FORBES, NOTE_FIELDS, Q, realtimeSubscribe } from './support';

let c: Callers;
let closureId: string;

beforeAll(async () => {
  c = await matrixCallers();
  closureId = (await createForbesClosure(c.auth.admin)).id;
});

const OWN_DATA: Record<Role, 'ok' | 'Unauthorized'> = {
  anonymous: 'Unauthorized',
  resident: 'ok',
  staffNoRole: 'ok',
  staff: 'ok',
  otherLgaStaff: 'ok',
  exCustomer: 'ok',
  admin: 'ok',
};

const operations: { name: string; call: (auth: Auth) => Promise<GraphQLResponse> }[] = [
  { name: 'notifications', call: (auth) => gql(Q.notifications, { limit: 5 }, auth) },
  { name: 'mySubscriptions', call: (auth) => gql(Q.mySubscriptions, {}, auth) },
  { name: 'subscribeToClosure', call: (auth) => gql(Q.subscribeToClosure, { id: closureId }, auth) },
  { name: 'unsubscribeFromClosure', call: (auth) => gql(Q.unsubscribeFromClosure, { id: closureId }, auth) },
  { name: 'subscribeToLga', call: (auth) => gql(Q.subscribeToLga, { code: FORBES }, auth) },
  { name: 'unsubscribeFromLga', call: (auth) => gql(Q.unsubscribeFromLga, { code: FORBES }, auth) },
  { name: 'markAllNotificationsRead', call: (auth) => gql(Q.markAllNotificationsRead, {}, auth) },
  { name: 'markAllNotificationsSeen', call: (auth) => gql(Q.markAllNotificationsSeen, {}, auth) },
  { name: 'notificationSettings', call: (auth) => gql(Q.notificationSettings, {}, auth) },
  { name: 'revokePushSubscription', call: (auth) => gql(`mutation { revokePushSubscription(endpoint: "https://push.example/none") }`, {}, auth) },
  {
    name: 'registerPushSubscription',
    call: (auth) =>
      gql(`mutation($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) }`, { input: { endpoint: `https://fcm.googleapis.com/fcm/send/${Math.random()}`, keys: { p256dh: 'BNc', auth: 'x' } } }, auth),
  },
];

describe.each(operations)('$name', ({ name, call }) => {
  it.each(ROLES)('%s', async (role) => {
    const res = await call(c.auth[role]);
    if (OWN_DATA[role] === 'ok') {
      expect(res.errors).toBeUndefined();
      expect(res.data?.[name]).not.toBeNull();
    } else {
      expect(res.errors?.[0]?.errorType).toMatch(/Unauthorized/);
      expect(res.data?.[name] ?? null).toBeNull();
    }
  });
});

describe('markNotificationRead', () => {
  it.each(ROLES)('%s', async (role) => {
    const res = await gql(Q.markNotificationRead, { id: '1763700000-000000000000000000000000' }, c.auth[role]);
    // Signed-in callers get past authorization and meet the missing notification.
    expect(res.errors?.[0]?.errorType).toBe(OWN_DATA[role] === 'ok' ? 'NotFound' : 'Unauthorized');
  });
});

describe('markReminderActioned', () => {
  it.each(ROLES)('%s', async (role) => {
    const res = await gql(`mutation { markReminderActioned(notificationId: "1763700000-000000000000000000000000", closureId: "x") { id } }`, {}, c.auth[role]);
    expect(res.errors?.[0]?.errorType).toBe(OWN_DATA[role] === 'ok' ? 'NotFound' : 'Unauthorized');
  });
});

describe('pushPublicKey (public)', () => {
  it.each(ROLES)('%s', async (role) => {
    const res = await gql<{ pushPublicKey: string | null }>('query { pushPublicKey }', {}, c.auth[role]);
    expect(res.errors).toBeUndefined();
    // The local stack generates VAPID keys on first start (local/vapid.ts): Web Push is on.
    expect(Buffer.from(res.data!.pushPublicKey ?? '', 'base64url')).toHaveLength(65);
  });
});

describe('lgaSubscriberCount (public)', () => {
  it.each(ROLES)('%s', async (role) => {
    const res = await gql<{ lgaSubscriberCount: number }>(Q.lgaSubscriberCount, { lgaCode: FORBES }, c.auth[role]);
    expect(res.errors).toBeUndefined();
    expect(res.data!.lgaSubscriberCount).toBeGreaterThanOrEqual(0);
  });
});

describe('publishNotification (IAM only)', () => {
  it.each(ROLES)('%s', async (role) => {
    const res = await gql(
      `mutation($uid: ID!, $input: PublishNotificationInput!) { publishNotification(uid: $uid, input: $input) { id } }`,
      { uid: c.uid[role] ?? 'someone', input: { id: '1', title: 'Fake', timestamp: 1 } },
      c.auth[role],
    );
    expect(res.errors?.[0]?.errorType).toMatch(/Unauthorized/);
  });
});

describe('onNotification (own uid)', () => {
  it.each(ROLES.filter((r) => r !== 'anonymous'))('%s', async (role) => {
    const token = (c.auth[role] as { token: string }).token;
    const me = await gql<{ me: { uid: string } }>('query { me { uid } }', {}, c.auth[role]);
    const live = await realtimeSubscribe(token, 'own', `subscription($uid: ID!) { onNotification(uid: $uid) { ${NOTE_FIELDS} } }`, { uid: me.data!.me.uid });
    expect(live.first.type).toBe('start_ack');
    live.socket.close();
  });

  it('anonymous', async () => {
    const live = await realtimeSubscribe({ apiKey: true }, 'anon', `subscription($uid: ID!) { onNotification(uid: $uid) { ${NOTE_FIELDS} } }`, { uid: 'anyone' });
    expect(live.first.type).toBe('error');
    expect(live.first.payload.errors[0].errorType).toMatch(/Unauthorized/);
    live.socket.close();
  });
});
