// Alerts by email, the caller's side: how each of their subscriptions also reaches them by email
// (off, at once, or in a daily digest at an hour they pick) and the state of their address
// (verified, or stopped after a bounce or a complaint, and resuming it). Their own data only.
import { z } from 'zod';
import { field, type FieldDefinition } from '../resolver';
import { validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { closureId } from '../../core/closures/input';
import { DEFAULT_DIGEST_HOUR, EMAIL_STATE_ADVICE, type EmailMode } from '../../core/alerts/channels';
import { setSubscriptionChannels } from '../../adapters/alerts/subscription-channels';
import { emailStateOf } from '../../adapters/alerts/addresses';
import { liftSuppression } from '../../adapters/alerts/suppression';

const EMAIL_MODE: Record<'OFF' | 'IMMEDIATE' | 'DAILY', EmailMode> = { OFF: 'off', IMMEDIATE: 'immediate', DAILY: 'daily' };
export const ONE_SUBSCRIPTION_MESSAGE = 'Choose one closure or one council.';
export const DIGEST_HOUR_MESSAGE = 'The digest hour must be a whole hour from 0 to 23.';

const ChannelsInput = z
  .object({
    closureId: closureId.nullish(),
    lgaCode: lgaCode.nullish(),
    email: z.enum(['OFF', 'IMMEDIATE', 'DAILY'], { message: 'Choose off, immediate or daily.' }),
    digestHour: z.number({ message: DIGEST_HOUR_MESSAGE }).int(DIGEST_HOUR_MESSAGE).min(0, DIGEST_HOUR_MESSAGE).max(23, DIGEST_HOUR_MESSAGE).nullish(),
  })
  .strict()
  .refine((i) => Boolean(i.closureId) !== Boolean(i.lgaCode), ONE_SUBSCRIPTION_MESSAGE);

async function alertChannels(uid: string) {
  const address = await emailStateOf(uid);
  const state = address?.state ?? 'unverified';
  return { email: address?.email ?? null, emailState: state, emailAdvice: EMAIL_STATE_ADVICE[state] };
}

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
        const target = input.closureId ? { kind: 'closure' as const, id: input.closureId } : { kind: 'lga' as const, id: input.lgaCode! };
        if (!target.id) throw validationError(ONE_SUBSCRIPTION_MESSAGE);
        // Setting the same channels twice leaves the same subscription: nothing counts them.
        await setSubscriptionChannels(uid, target, { email: EMAIL_MODE[input.email], digestHour: input.digestHour ?? DEFAULT_DIGEST_HOUR });
        return mySubscriptions(uid);
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
