// Matrix rows of notifications and subscriptions: every one acts on the caller's own data, so any
// signed-in caller may, whatever their roles or council; the counters and the push key are public;
// publishing is for the internal consumer (IAM) only.
import { reminderFor, sharedClosure } from './fixtures';
import { ADMIN_ONLY, EVERYONE, IAM_ONLY, SIGNED_IN, outcomes, type Rows } from './types';
import { gql } from '../../../support/api';

const on = { inApp: true, push: false };

export const notificationRows: Rows = {
  'Query.notifications': { expected: SIGNED_IN, document: 'query { notifications(limit: 5) { nextToken } }' },
  'Query.mySubscriptions': { expected: SIGNED_IN, document: 'query { mySubscriptions { lgas { code } } }' },
  'Query.lgaSubscriberCount': { expected: EVERYONE, document: 'query($c: String!) { lgaSubscriberCount(lgaCode: $c) }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.notificationSettings': { expected: SIGNED_IN, document: 'query { notificationSettings { closureUpdates { inApp } } }' },
  'Query.pushPublicKey': { expected: EVERYONE, document: 'query { pushPublicKey }' },
  'Mutation.subscribeToClosure': {
    expected: SIGNED_IN,
    document: 'mutation($id: ID!) { subscribeToClosure(id: $id) { closures { id } } }',
    call: async (c) => ({ variables: { id: (await sharedClosure(c.lga)).id } }),
  },
  'Mutation.unsubscribeFromClosure': {
    expected: SIGNED_IN,
    document: 'mutation($id: ID!) { unsubscribeFromClosure(id: $id) { closures { id } } }',
    call: async (c) => ({ variables: { id: (await sharedClosure(c.lga)).id } }),
  },
  'Mutation.subscribeToLga': { expected: SIGNED_IN, document: 'mutation($c: String!) { subscribeToLga(code: $c) { lgas { code } } }', call: (c) => ({ variables: { c: c.lga } }), lock: 'lgaFollow' },
  'Mutation.unsubscribeFromLga': { expected: SIGNED_IN, document: 'mutation($c: String!) { unsubscribeFromLga(code: $c) { lgas { code } } }', call: (c) => ({ variables: { c: c.lga } }), lock: 'lgaFollow' },
  'Mutation.markNotificationRead': {
    expected: SIGNED_IN,
    document: 'mutation($id: ID!) { markNotificationRead(id: $id) { id read } }',
    call: async (c) => ({ variables: { id: (await reminderFor(c.user?.uid)).id } }),
    note: "a notification of the caller's own",
  },
  'Mutation.markAllNotificationsRead': { expected: SIGNED_IN, document: 'mutation { markAllNotificationsRead }' },
  'Mutation.markAllNotificationsSeen': { expected: SIGNED_IN, document: 'mutation { markAllNotificationsSeen }' },
  'Mutation.markReminderActioned': {
    expected: SIGNED_IN,
    document: 'mutation($n: ID!, $c: ID!) { markReminderActioned(notificationId: $n, closureId: $c) { id } }',
    call: async (c) => {
      const reminder = await reminderFor(c.user?.uid);
      return { variables: { n: reminder.id, c: reminder.closureId } };
    },
    note: "a reminder of the caller's own",
  },
  'Mutation.registerPushSubscription': {
    expected: SIGNED_IN,
    document: 'mutation($i: PushSubscriptionInput!) { registerPushSubscription(input: $i) }',
    call: (c) => ({ variables: { i: { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${c.caller}-${Date.now()}`, keys: { p256dh: 'BNc', auth: 'x' } } } }),
  },
  'Mutation.revokePushSubscription': { expected: SIGNED_IN, document: 'mutation { revokePushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/none") }' },
  'Mutation.updateNotificationSettings': {
    expected: SIGNED_IN,
    document: 'mutation($i: NotificationSettingsInput!) { updateNotificationSettings(input: $i) { closureUpdates { inApp } } }',
    call: () => ({ variables: { i: { closureUpdates: on, lgaUpdates: on, reportOutcomes: on } } }),
  },
  'Query.alertChannels': { expected: SIGNED_IN, document: 'query { alertChannels { emailState } }', note: "the caller's own address" },
  'Mutation.setSubscriptionChannels': {
    expected: SIGNED_IN,
    document: 'mutation($i: SubscriptionChannelsInput!) { setSubscriptionChannels(input: $i) { channels { email } } }',
    call: async (c) => {
      // Channels of a subscription the caller has: follow the council first (anonymous cannot).
      if (c.user) await gql('mutation($c: String!) { subscribeToLga(code: $c) { lgas { code } } }', { c: c.lga }, c.auth);
      return { variables: { i: { lgaCode: c.lga, email: 'DAILY', digestHour: 6 } } };
    },
    note: "a subscription of the caller's own",
    lock: 'lgaFollow',
  },
  'Mutation.resumeAlertEmail': { expected: SIGNED_IN, document: 'mutation { resumeAlertEmail { emailState } }', note: "the caller's own address" },
  'Mutation.requestMobileCode': {
    expected: SIGNED_IN,
    document: 'mutation($m: String!) { requestMobileCode(mobile: $m) { mobileState } }',
    call: (c) => ({ variables: { m: `04${String(Date.now() % 100_000_000).padStart(8, '0')}` } }),
    note: "the caller's own mobile (texted to the local SMS stand-in)",
  },
  'Mutation.verifyMobile': {
    expected: outcomes([], 'ValidationError', { anonymous: 'Unauthorized' }),
    document: 'mutation { verifyMobile(code: "000000") { mobileState } }',
    note: 'past authorization every caller meets a wrong code (the right one is texted: sms-alerts.test.ts)',
  },
  'Mutation.removeMobile': { expected: SIGNED_IN, document: 'mutation { removeMobile { mobileState } }' },
  'Query.smsSpending': { expected: ADMIN_ONLY, document: 'query($c: String!) { smsSpending(lgaCode: $c) { capCents } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Mutation.setSmsSpendingCap': {
    expected: ADMIN_ONLY,
    document: 'mutation($c: String!) { setSmsSpendingCap(lgaCode: $c, capCents: 100000) { capCents } }',
    call: (c) => ({ variables: { c: c.lga } }),
    note: "administrators set what texts may cost a council; the council's own staff may not",
  },
  'Mutation.publishNotification': {
    expected: IAM_ONLY,
    document: 'mutation($u: ID!, $i: PublishNotificationInput!) { publishNotification(uid: $u, input: $i) { id } }',
    call: (c) => ({ variables: { u: c.user?.uid ?? 'someone', i: { id: '1', title: 'Forged', timestamp: 1 } } }),
    note: 'IAM only: the notification consumer',
  },
  'Subscription.onNotification': {
    expected: SIGNED_IN,
    document: 'subscription($u: ID!) { onNotification(uid: $u) { id } }',
    call: (c) => ({ variables: { u: c.user?.uid ?? 'anyone' } }),
    note: "each caller asks for their own; anyone else's uid is refused (notifications/matrix.test.ts)",
  },
};
