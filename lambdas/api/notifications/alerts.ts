// Alerts beyond the app, the caller's side: how each of their subscriptions also reaches them by
// email (off, at once, or in a daily digest at an hour they pick) and by text, the state of their
// address (verified, or stopped after a bounce or a complaint, and resuming it) and of their mobile
// (a texted code verifies it; STOP opts it out). Their own data only; the monthly SMS cap of a
// council is the administrators'.
import { z } from 'zod';
import { field, type FieldDefinition } from '../resolver';
import { notFound, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { closureId } from '../../core/closures/input';
import { DEFAULT_DIGEST_HOUR, EMAIL_STATE_ADVICE, type EmailMode } from '../../core/alerts/channels';
import { setSubscriptionChannels } from '../../adapters/alerts/subscription-channels';
import { emailStateOf } from '../../adapters/alerts/addresses';
import { liftSuppression } from '../../adapters/alerts/suppression';
import { channelsOfUser } from '../../adapters/alerts/subscription-channels';
import { mobileStateOf, removeMobile, requestMobileCode, verifyMobileCode } from '../../adapters/alerts/mobile';
import { setSmsCap, smsCapOf, smsSpentCents } from '../../adapters/alerts/sms-spend';
import { CODE_MESSAGE, MOBILE_MESSAGE, MOBILE_STATE_ADVICE, monthOf, normalizeAuMobile, smsPriceCents } from '../../core/alerts/sms';
import { getClosures } from '../../adapters/closures/store';
import { getLga } from '../../adapters/foundation/lgas';
import { db } from '../../adapters/db/db';
import { requireAdmin } from '../billing/require-admin';
import { zoneId } from './watch-zones';

const EMAIL_MODE: Record<'OFF' | 'IMMEDIATE' | 'DAILY', EmailMode> = { OFF: 'off', IMMEDIATE: 'immediate', DAILY: 'daily' };
export const ONE_SUBSCRIPTION_MESSAGE = 'Choose one closure, one council or one watched area.';
export const IN_APP_FOLLOWS_SETTINGS_MESSAGE = 'In-app and push notifications of closures and councils follow your notification settings.';
export const DIGEST_HOUR_MESSAGE = 'The digest hour must be a whole hour from 0 to 23.';
export const SMS_NEEDS_MOBILE_MESSAGE = 'Add and verify your mobile number first (Notification settings).';
export const CAP_MESSAGE = 'The monthly SMS cap must be a whole number of cents, 0 or more.';

async function smsSpendingOf(lgaCode: string) {
  const month = monthOf(Math.floor(Date.now() / 1000));
  const [cap, spent] = await Promise.all([smsCapOf(lgaCode), smsSpentCents(lgaCode, month)]);
  return { lgaCode, month, capCents: cap ?? 0, spentCents: spent, priceCents: smsPriceCents() };
}

const ChannelsInput = z
  .object({
    closureId: closureId.nullish(),
    lgaCode: lgaCode.nullish(),
    watchZoneId: zoneId.nullish(),
    // A watch zone's own in-app and push switches (closures and councils follow the notification settings).
    inApp: z.boolean().nullish(),
    push: z.boolean().nullish(),
    email: z.enum(['OFF', 'IMMEDIATE', 'DAILY'], { message: 'Choose off, immediate or daily.' }),
    digestHour: z.number({ message: DIGEST_HOUR_MESSAGE }).int(DIGEST_HOUR_MESSAGE).min(0, DIGEST_HOUR_MESSAGE).max(23, DIGEST_HOUR_MESSAGE).nullish(),
    sms: z.boolean().nullish(),
  })
  .strict()
  .refine((i) => [i.closureId, i.lgaCode, i.watchZoneId].filter(Boolean).length === 1, ONE_SUBSCRIPTION_MESSAGE)
  .refine((i) => Boolean(i.watchZoneId) || (i.inApp == null && i.push == null), IN_APP_FOLLOWS_SETTINGS_MESSAGE);

async function alertChannels(uid: string) {
  const [address, mobile, outOfCredit] = await Promise.all([emailStateOf(uid), mobileStateOf(uid), councilsOutOfSmsCredit(uid)]);
  const state = address?.state ?? 'unverified';
  return {
    email: address?.email ?? null,
    emailState: state,
    emailAdvice: EMAIL_STATE_ADVICE[state],
    mobile: mobile.mobile,
    mobileState: mobile.state,
    mobileAdvice: MOBILE_STATE_ADVICE[mobile.state],
    smsOutOfCredit: outOfCredit,
  };
}

/** Councils the caller follows with texts on that send none now: no SMS allowance, or this month's used up. */
async function councilsOutOfSmsCredit(uid: string): Promise<string[]> {
  const { closures, lgas } = await channelsOfUser(uid);
  const codes = new Set([...lgas].filter(([, c]) => c.sms).map(([code]) => code));
  const closureIds = [...closures].filter(([, c]) => c.sms).map(([id]) => id);
  if (closureIds.length) for (const c of await getClosures(closureIds)) codes.add(c.lgaCode);
  const month = monthOf(Math.floor(Date.now() / 1000));
  const out: string[] = [];
  for (const code of codes) {
    const [cap, spent, lga] = await Promise.all([smsCapOf(code), smsSpentCents(code, month), getLga(code)]);
    if (!cap || spent + smsPriceCents() > cap || lga?.customerStatus !== 'active') out.push(lga?.name ?? code);
  }
  return out.sort();
}

const mobileInput = z.string().max(30, MOBILE_MESSAGE).transform((v, ctx) => {
  const mobile = normalizeAuMobile(v);
  if (!mobile) ctx.addIssue({ code: 'custom', message: MOBILE_MESSAGE });
  return mobile ?? '';
});
const codeInput = z.string().regex(/^\d{6}$/, CODE_MESSAGE);

type Subscriptions = (uid: string) => Promise<unknown>;

export function alertFields(mySubscriptions: Subscriptions): Record<string, FieldDefinition<z.ZodTypeAny>> {
  return {
    alertChannels: field({
      args: z.object({}).strict(),
      access: 'user',
      resolve: async ({ principal }) => alertChannels((await principal()).uid),
    }),

    setSubscriptionChannels: field({
      args: z.object({ input: ChannelsInput }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        const { uid } = await principal();
        const { input } = args;
        const target = input.closureId
          ? { kind: 'closure' as const, id: input.closureId }
          : input.watchZoneId
            ? { kind: 'zone' as const, id: input.watchZoneId }
            : { kind: 'lga' as const, id: input.lgaCode! };
        if (!target.id) throw validationError(ONE_SUBSCRIPTION_MESSAGE);
        // Setting the same channels twice leaves the same subscription: nothing counts them.
        if (input.sms && (await mobileStateOf(uid)).state !== 'verified') throw validationError(SMS_NEEDS_MOBILE_MESSAGE);
        await setSubscriptionChannels(uid, target, {
          email: EMAIL_MODE[input.email],
          digestHour: input.digestHour ?? DEFAULT_DIGEST_HOUR,
          ...(typeof input.sms === 'boolean' ? { sms: input.sms } : {}),
          ...(typeof input.inApp === 'boolean' ? { inApp: input.inApp } : {}),
          ...(typeof input.push === 'boolean' ? { push: input.push } : {}),
        });
        return mySubscriptions(uid);
      },
    }),

    requestMobileCode: field({
      args: z.object({ mobile: mobileInput }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        const { uid } = await principal();
        await requestMobileCode(uid, args.mobile);
        return alertChannels(uid);
      },
    }),

    verifyMobile: field({
      args: z.object({ code: codeInput }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        const { uid } = await principal();
        await verifyMobileCode(uid, args.code);
        return alertChannels(uid);
      },
    }),

    removeMobile: field({
      args: z.object({}).strict(),
      access: 'user',
      async resolve({ principal }) {
        const { uid } = await principal();
        await removeMobile(uid);
        return alertChannels(uid);
      },
    }),

    // Administrators only: what texts may cost a council a month. 0 stops its texts.
    setSmsSpendingCap: field({
      args: z.object({ lgaCode, capCents: z.number().int(CAP_MESSAGE).min(0, CAP_MESSAGE).max(100_000_000, CAP_MESSAGE) }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        await requireAdmin(principal);
        const { data: customer } = await db().entities.customer.get({ lgaCode: args.lgaCode }).go({ attributes: ['lgaCode'] });
        if (!customer) throw notFound(`Customer ${args.lgaCode} not found`);
        await setSmsCap(args.lgaCode, args.capCents);
        return smsSpendingOf(args.lgaCode);
      },
    }),

    smsSpending: field({
      args: z.object({ lgaCode }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        await requireAdmin(principal);
        return smsSpendingOf(args.lgaCode);
      },
    }),

    resumeAlertEmail: field({
      args: z.object({}).strict(),
      access: 'user',
      async resolve({ principal }) {
        const { uid } = await principal();
        const address = await emailStateOf(uid);
        // Only a stop on the caller's own, verified address: an unverified one stays unmailed.
        if (address && (address.state === 'bounced' || address.state === 'complained')) await liftSuppression(address.email);
        return alertChannels(uid);
      },
    }),
  };
}
