// Onboarding discounts, decided: an administrator offers a council a discount on its onboarding
// checkout (a Stripe coupon: percent or amount off, for the first year, every year or the first
// few years, used once). What the admin may enter, the coupon Stripe is asked for, the price a
// council sees with it (GST on the discounted amount, as Stripe charges it), and whether a
// checkout carries the coupon or lets the buyer type a promotion code (Stripe allows one of the two).
import { z } from 'zod';
import { gstOn } from './tax';

export const DISCOUNT_DURATIONS = ['ONCE', 'FOREVER', 'REPEATING'] as const;
export type DiscountDuration = (typeof DISCOUNT_DURATIONS)[number];
export const DISCOUNT_NAME_MAX = 60;
export const DISCOUNT_YEARS_MAX = 5;

/** An admin's discount: exactly one of percentOff (1–100) and amountOff (whole cents, at most the price). */
export const discountInputSchema = z
  .object({
    percentOff: z.number().gt(0, 'Percent off must be more than 0').max(100, 'Percent off must be at most 100').multipleOf(0.01).nullish(),
    amountOff: z.number().int('Amount off must be whole cents').positive('Amount off must be more than 0').max(100_000_000).nullish(),
    duration: z.enum(DISCOUNT_DURATIONS, { errorMap: () => ({ message: 'Duration must be ONCE, FOREVER or REPEATING' }) }),
    durationInYears: z.number().int().min(2, 'Years must be from 2 to 5').max(DISCOUNT_YEARS_MAX, 'Years must be from 2 to 5').nullish(),
    name: z.string().trim().max(DISCOUNT_NAME_MAX, `Discount name is too long (maximum ${DISCOUNT_NAME_MAX} characters)`).nullish(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if ((d.percentOff == null) === (d.amountOff == null)) ctx.addIssue({ code: 'custom', message: 'Give either a percentage or an amount off' });
    if (d.duration === 'REPEATING' && d.durationInYears == null) ctx.addIssue({ code: 'custom', message: 'Say for how many years the discount applies' });
    if (d.duration !== 'REPEATING' && d.durationInYears != null) ctx.addIssue({ code: 'custom', message: 'Years apply only to a discount for the first few years' });
  });
export type DiscountInput = z.infer<typeof discountInputSchema>;

/** A council's discount as stored and shown: amounts in cents, the Stripe coupon behind it. */
export interface Discount {
  couponId: string;
  name?: string;
  percentOff?: number;
  amountOff?: number;
  currency: string;
  duration: 'once' | 'forever' | 'repeating';
  durationInMonths?: number;
  redeemedAt?: number;
}

/** Stripe's coupons.create parameters: single use, tagged with the council it was made for. */
export function couponParams(lga: { code: string; name: string }, input: DiscountInput, currency = 'aud') {
  const duration = input.duration.toLowerCase() as Discount['duration'];
  return {
    duration,
    ...(input.percentOff != null ? { percent_off: input.percentOff } : { amount_off: input.amountOff!, currency }),
    ...(duration === 'repeating' ? { duration_in_months: input.durationInYears! * 12 } : {}),
    max_redemptions: 1,
    name: (input.name || `Onboarding discount for ${lga.name}`).slice(0, 40),
    metadata: { lga_code: lga.code, purpose: 'onboarding' },
  };
}

/** The amount a coupon takes off a GST-exclusive amount (Stripe: percent rounded to the cent; amount capped at the price). */
export function discountAmount(unitAmount: number, discount: Pick<Discount, 'percentOff' | 'amountOff'> | undefined): number {
  if (!discount || unitAmount <= 0) return 0;
  if (discount.percentOff != null) return Math.round((unitAmount * discount.percentOff) / 100);
  return Math.min(discount.amountOff ?? 0, unitAmount);
}

/** The first invoice with the discount: GST is charged on the discounted amount. */
export function discountedPrice(unitAmount: number, discount?: Pick<Discount, 'percentOff' | 'amountOff'>) {
  const off = discountAmount(unitAmount, discount);
  const taxable = unitAmount - off;
  const gst = gstOn(taxable);
  return { subtotal: unitAmount, discountAmount: off, gst, total: taxable + gst };
}

/** A discount can be applied to a checkout until it has been redeemed once. */
export const discountUsable = (discount: Discount | undefined): discount is Discount => !!discount && !discount.redeemedAt;

/**
 * The discount part of a checkout session: the council's coupon when it has a usable one, else the
 * promotion-code box on Stripe's page (Stripe refuses `discounts` together with `allow_promotion_codes`).
 */
export function sessionDiscountParams(couponId: string | undefined): { discounts: { coupon: string }[] } | { allow_promotion_codes: true } {
  return couponId ? { discounts: [{ coupon: couponId }] } : { allow_promotion_codes: true };
}

/** The Discount the API returns. */
export const presentDiscount = (d: Discount) => ({
  couponId: d.couponId,
  name: d.name ?? null,
  percentOff: d.percentOff ?? null,
  amountOff: d.amountOff ?? null,
  currency: d.currency,
  duration: d.duration,
  durationInMonths: d.durationInMonths ?? null,
  redeemedAt: d.redeemedAt ?? null,
});

/** Reads a Stripe coupon back into the product's terms. */
export function discountFromCoupon(coupon: {
  id: string;
  name?: string | null;
  percent_off?: number | null;
  amount_off?: number | null;
  currency?: string | null;
  duration: string;
  duration_in_months?: number | null;
}): Discount {
  return {
    couponId: coupon.id,
    name: coupon.name ?? undefined,
    percentOff: coupon.percent_off ?? undefined,
    amountOff: coupon.amount_off ?? undefined,
    currency: coupon.currency ?? 'aud',
    duration: (['once', 'forever', 'repeating'].includes(coupon.duration) ? coupon.duration : 'once') as Discount['duration'],
    durationInMonths: coupon.duration_in_months ?? undefined,
  };
}
