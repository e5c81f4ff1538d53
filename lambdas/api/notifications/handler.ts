// Notifications and subscriptions (spec §2 notifications, §3 Subscription, §4 Notifications).
// Every operation acts on the caller's own data, so a signed-in user is the only requirement;
// publishNotification is reachable with IAM only (the consumer), which AppSync enforces.
import { z } from 'zod';
import { createResolverHandler, field } from '../resolver';
import { forbidden, notFound, unauthorized, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { closureId } from '../../core/closures/input';
import { GHOST_MESSAGE, NOTIFICATION_CATEGORIES, NOTIFICATION_PAGE_LIMIT, settingsOf } from '../../core/notifications/rules';
import { getClosure, getClosures } from '../../adapters/closures/store';
import { db } from '../../adapters/db/db';
import { getLga, type LgaRecord } from '../../adapters/foundation/lgas';
import { listNotifications, markAllRead, markAllSeen, markRead } from '../../adapters/notifications/store';
import { presentNotification } from '../../adapters/notifications/publish';
import { markReminderActioned } from '../../adapters/notifications/reminders';
import { registerPushSubscription, revokePushSubscription, vapidConfig } from '../../adapters/notifications/push';
import { saveNotificationSettings } from '../../adapters/opt-outs/settings';
import { isPushServiceEndpoint } from '../../core/notifications/push-devices';
import { loopbackPushAllowed } from '../../core/deployment-switches';
import {
  lgaSubscriberCount,
  subscribeToClosure,
  subscribeToLga,
  subscriptionsOf,
  unsubscribeFromClosure,
  unsubscribeFromLga,
} from '../../adapters/notifications/subscriptions';
import { presentClosure } from '../closures/present';
import { alertFields } from './alerts';
import { watchZoneFields } from './watch-zones';

const noArgs = z.object({}).strict();
const nowSeconds = () => Math.floor(Date.now() / 1000);
// Only the browsers' own push services (locally also the tests' loopback stand-in): the app never
// posts to a host of the caller's choosing.
const pushEndpoint = z
  .string()
  .max(1000, 'Invalid push endpoint')
  .refine((u) => isPushServiceEndpoint(u, { allowLoopback: loopbackPushAllowed() }), 'Invalid push endpoint');
const notificationIdArg = z.string().trim().min(1, 'Notification id is required').max(64, 'Invalid notification id');

export async function mySubscriptions(uid: string) {
  const { closureIds, lgaCodes, channels } = await subscriptionsOf(uid);
  const [closures, lgas] = await Promise.all([getClosures(closureIds), Promise.all(lgaCodes.map((code) => getLga(code)))]);
  const now = nowSeconds();
  const shown = new Set([...closures.map((c) => `closure:${c.id}`), ...lgas.flatMap((l) => (l ? [`lga:${l.code}`] : []))]);
  return {
    closures: closures.sort((a, b) => b.updatedAt - a.updatedAt).map((c) => presentClosure(c, now)),
    lgas: lgas.filter((l): l is LgaRecord => Boolean(l)).sort((a, b) => a.name.localeCompare(b.name)),
    channels: channels.filter((c) => shown.has(`${c.kind}:${c.target}`)),
  };
}

const channels = z.object({ inApp: z.boolean(), push: z.boolean() }).strict();
const SettingsInput = z.object(Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, channels])) as Record<(typeof NOTIFICATION_CATEGORIES)[number], typeof channels>).strict();

const PublishInput = z
  .object({
    id: z.string().max(64),
    title: z.string().max(300),
    body: z.string().max(2000).nullish(),
    timestamp: z.number().int(),
    seen: z.number().int().nullish(),
    read: z.number().int().nullish(),
    redirectTo: z.string().max(500).nullish(),
    resourceId: z.string().max(128).nullish(),
    icon: z.string().max(64).nullish(),
    image: z.string().max(500).nullish(),
    data: z.string().max(100_000).nullish(),
  })
  .strict();

export const handler = createResolverHandler({
  ...alertFields(mySubscriptions),
  ...watchZoneFields(),
  notifications: field({
    args: z
      .object({
        unreadOnly: z.boolean().nullish(),
        limit: z.number().int().min(1, 'Invalid limit').max(100, 'Invalid limit').nullish(),
        nextToken: z.string().max(2000, 'Invalid nextToken').nullish(),
      })
      .strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      const page = await listNotifications(p.uid, { unreadOnly: args.unreadOnly === true, limit: args.limit ?? NOTIFICATION_PAGE_LIMIT, nextToken: args.nextToken });
      return { items: page.items.map(presentNotification), nextToken: page.nextToken };
    },
  }),

  markNotificationRead: field({
    args: z.object({ id: notificationIdArg }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      return presentNotification(await markRead((await principal()).uid, args.id));
    },
  }),

  markAllNotificationsRead: field({
    args: noArgs,
    access: 'user',
    resolve: async ({ principal }) => markAllRead((await principal()).uid),
  }),

  markAllNotificationsSeen: field({
    args: noArgs,
    access: 'user',
    resolve: async ({ principal }) => markAllSeen((await principal()).uid),
  }),

  markReminderActioned: field({
    args: z.object({ notificationId: notificationIdArg, closureId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      return presentNotification(await markReminderActioned((await principal()).uid, args.notificationId, args.closureId));
    },
  }),

  registerPushSubscription: field({
    args: z
      .object({
        input: z
          .object({
            endpoint: pushEndpoint,
            keys: z.object({ p256dh: z.string().min(1).max(200, 'Invalid push keys'), auth: z.string().min(1).max(100, 'Invalid push keys') }).strict(),
            userAgent: z.string().max(500).nullish(),
          })
          .strict(),
      })
      .strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await registerPushSubscription((await principal()).uid, args.input.endpoint, args.input.keys, args.input.userAgent ?? undefined);
      return true;
    },
  }),

  revokePushSubscription: field({
    // Revoking checks nothing about the host: it only deletes the caller's own device.
    args: z.object({ endpoint: z.string().min(1, 'Invalid push endpoint').max(1000, 'Invalid push endpoint') }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await revokePushSubscription((await principal()).uid, args.endpoint);
      return true;
    },
  }),

  pushPublicKey: field({ args: noArgs, access: 'public', resolve: async () => (await vapidConfig())?.publicKey ?? null }),

  mySubscriptions: field({ args: noArgs, access: 'user', resolve: async ({ principal }) => mySubscriptions((await principal()).uid) }),

  subscribeToClosure: field({
    args: z.object({ id: closureId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      const closure = await getClosure(args.id);
      // A deleted closure is gone for the public; following it would never tell anyone anything.
      if (!closure || closure.deletedAt) throw notFound(`Closure ${args.id} not found`);
      await subscribeToClosure(p.uid, closure.id, closure.lgaCode);
      return mySubscriptions(p.uid);
    },
  }),

  unsubscribeFromClosure: field({
    args: z.object({ id: closureId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      await unsubscribeFromClosure(p.uid, args.id);
      return mySubscriptions(p.uid);
    },
  }),

  subscribeToLga: field({
    args: z.object({ code: lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      const { data: lga } = await db().entities.lga.get({ code: args.code }).go({ attributes: ['code'] });
      if (!lga) throw validationError('Invalid LGA');
      await subscribeToLga(p.uid, args.code);
      return mySubscriptions(p.uid);
    },
  }),

  unsubscribeFromLga: field({
    args: z.object({ code: lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      await unsubscribeFromLga(p.uid, args.code);
      return mySubscriptions(p.uid);
    },
  }),

  lgaSubscriberCount: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    resolve: async ({ args }) => lgaSubscriberCount(args.lgaCode),
  }),

  notificationSettings: field({
    args: noArgs,
    access: 'user',
    async resolve({ principal }) {
      const { data } = await db().entities.user.get({ uid: (await principal()).uid }).go({ attributes: ['notificationSettings'] });
      return settingsOf(data?.notificationSettings);
    },
  }),

  updateNotificationSettings: field({
    args: z.object({ input: SettingsInput }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      // The profile and the opt-outs each of the user's subscriptions carries, together.
      await saveNotificationSettings(p.uid, args.input);
      return settingsOf(args.input);
    },
  }),

  // IAM only (the notification consumer): the result is what onNotification subscribers receive.
  publishNotification: field({
    args: z.object({ uid: z.string().min(1).max(128), input: PublishInput }).strict(),
    access: 'public',
    async resolve({ args, event }) {
      // Only IAM callers carry a userArn; AppSync already refuses others (the field is @aws_iam).
      const identity = event.identity as { userArn?: string; sub?: string } | null;
      if (!identity?.userArn || identity.sub) throw forbidden();
      return { ...args.input, uid: args.uid };
    },
  }),

  // Subscribe-time authorization: only your own notifications.
  onNotification: field({
    args: z.object({ uid: z.string().max(128).nullish() }).strict(),
    access: 'public',
    async resolve({ args, caller }) {
      if (!caller || !args.uid) throw unauthorized(GHOST_MESSAGE);
      if (args.uid !== caller.uid) throw forbidden();
      return null;
    },
  }),
});
