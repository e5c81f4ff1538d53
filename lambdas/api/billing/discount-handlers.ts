// The administrator's onboarding discount of a council: offering one (a single-use Stripe coupon
// its next checkout carries) and withdrawing it. Admins only; the council must exist and must not
// already pay (a discount for a council with a live subscription would never be used).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { discountInputSchema } from '../../core/billing/discount';
import { hasLiveSubscription } from '../../core/billing/status';
import { conflict, notFound, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { getCustomer } from '../../adapters/billing/customers';
import { offerOnboardingDiscount, withdrawOnboardingDiscount } from '../../adapters/billing/discounts';
import { db } from '../../adapters/db/db';
import { field, logger } from '../resolver';
import { priceOf } from './checkout';
import { presentCustomer, selectionOf } from './present';
import { requireAdmin } from './require-admin';

async function councilFor(code: string) {
  const { data } = await db().entities.lga.get({ code }).go();
  if (!data) throw notFound('Invalid LGA');
  return data;
}

export const discountHandlers = {
  setOnboardingDiscount: field({
    args: z.object({ lgaCode, input: discountInputSchema }).strict(),
    access: 'user',
    async resolve({ args, principal, event }) {
      const p = await requireAdmin(principal);
      const lga = await councilFor(args.lgaCode);
      const customer = await getCustomer(lga.code);
      if (hasLiveSubscription(customer?.subscriptionStatus ?? 'none')) throw conflict('This council already has an active subscription');
      if (args.input.amountOff != null) {
        const price = await priceOf(lga.code);
        if (args.input.amountOff >= price.unitAmount) {
          throw validationError('Amount off must be less than the price');
        }
      }
      // The same request repeated within a minute (a double click, a retry) gets the same coupon.
      const requestKey = createHash('sha256').update(JSON.stringify([args.input, Math.floor(Date.now() / 60_000)])).digest('hex').slice(0, 24);
      const discount = await offerOnboardingDiscount(lga, args.input, p.uid, requestKey);
      logger.info('onboarding discount offered', { lgaCode: lga.code, by: p.uid, couponId: discount.couponId });
      return presentCustomer(lga, await getCustomer(lga.code), selectionOf(event));
    },
  }),

  removeOnboardingDiscount: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal, event }) {
      const p = await requireAdmin(principal);
      const lga = await councilFor(args.lgaCode);
      await withdrawOnboardingDiscount(lga.code);
      logger.info('onboarding discount withdrawn', { lgaCode: lga.code, by: p.uid });
      return presentCustomer(lga, await getCustomer(lga.code), selectionOf(event));
    },
  }),
};
