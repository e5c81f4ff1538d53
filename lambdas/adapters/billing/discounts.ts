// A council's onboarding discount: the single-use Stripe coupon an administrator makes for it, the
// record of it in the table, and withdrawing it.
import { couponParams, discountFromCoupon, type Discount, type DiscountInput } from '../../core/billing/discount';
import { db } from '../db/db';
import { stripe } from './stripe-client';

export async function getOnboardingDiscount(lgaCode: string): Promise<Discount | undefined> {
  const { data } = await db().entities.onboardingDiscount.get({ lgaCode }).go();
  if (!data) return undefined;
  return {
    couponId: data.couponId,
    name: data.name,
    percentOff: data.percentOff,
    amountOff: data.amountOff,
    currency: data.currency,
    duration: data.duration,
    durationInMonths: data.durationInMonths,
    redeemedAt: data.redeemedAt,
  };
}

/** Makes the coupon in Stripe (the key makes a retried request return the same coupon) and stores it as the council's discount. */
export async function offerOnboardingDiscount(lga: { code: string; name: string }, input: DiscountInput, by: string, requestKey: string): Promise<Discount> {
  const client = await stripe();
  const coupon = await client.coupons.create(couponParams(lga, input), { idempotencyKey: `onboarding-coupon-${lga.code}-${requestKey}` });
  // A retried request gets the same coupon back; one withdrawn meanwhile is offered again.
  if (coupon.metadata?.withdrawn) await client.coupons.update(coupon.id, { metadata: { withdrawn: '' } });
  const discount = discountFromCoupon(coupon);
  await db()
    .entities.onboardingDiscount.put({
      lgaCode: lga.code,
      couponId: discount.couponId,
      name: discount.name,
      percentOff: discount.percentOff,
      amountOff: discount.amountOff,
      currency: discount.currency,
      duration: discount.duration,
      durationInMonths: discount.durationInMonths,
      createdBy: by,
    })
    .go();
  return discount;
}

/** Withdraws the council's discount; the coupon is marked withdrawn in Stripe so quotes made with it stop showing it. */
export async function withdrawOnboardingDiscount(lgaCode: string): Promise<void> {
  const current = await getOnboardingDiscount(lgaCode);
  if (!current) return;
  await db().entities.onboardingDiscount.delete({ lgaCode }).go();
  if (!current.redeemedAt) {
    const client = await stripe();
    await client.coupons.update(current.couponId, { metadata: { withdrawn: 'true' } });
  }
}
