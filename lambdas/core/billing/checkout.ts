// Checkout, decided: the price tiers (Stripe products keyed by LGA classification), who may start
// a checkout for a council, and the exact session Stripe is asked for (spec §7).
import { z } from 'zod';
import type { Principal } from '../access';
import { emailMatchesSuffix, hasRole, holdsManagedClaim, managedLga } from '../access';
import type { CustomerStatus } from '../access';
import { sessionDiscountParams } from './discount';
import { hasLiveSubscription } from './status';

/** Price tiers; a council's classification picks its product. Yearly, GST-exclusive, AUD cents. */
export const CLASSIFICATIONS = {
  rural: { name: 'Rural council', unitAmount: 240_000 },
  regional: { name: 'Regional council', unitAmount: 480_000 },
  urban: { name: 'Urban council', unitAmount: 960_000 },
  metropolitan: { name: 'Metropolitan council', unitAmount: 1_800_000 },
} as const;
export type Classification = keyof typeof CLASSIFICATIONS;
export const CLASSIFICATION_KEYS = Object.keys(CLASSIFICATIONS) as Classification[];
export const DEFAULT_CLASSIFICATION: Classification = 'regional';
export const TRIAL_DAYS = 30;

export const classificationSchema = z.enum(CLASSIFICATION_KEYS as [Classification, ...Classification[]], {
  errorMap: () => ({ message: `Classification must be one of ${CLASSIFICATION_KEYS.join(', ')}` }),
});

export const PO_NUMBER_MAX = 50;
export const poNumberSchema = z.string().trim().max(PO_NUMBER_MAX, `PO number is too long (maximum ${PO_NUMBER_MAX} characters)`);

/**
 * One free trial per council: a council that has had a subscription (whatever became of it)
 * starts paying at once when it subscribes again.
 */
export function trialDaysFor(status: CustomerStatus): number {
  return status === 'none' ? TRIAL_DAYS : 0;
}

export type CheckoutRight = 'admin' | 'account_manager' | 'new_customer';
export type CheckoutRefusal = 'invalid_lga' | 'invalid_email' | 'forbidden' | 'conflict';

/**
 * Spec §7 and guard 8: an admin, the LGA's account_manager, or a new customer whose verified
 * email is at the council's domain (the managed claim: an address a sign-in provider did not vouch
 * for is no proof of working at the council). A council that already pays cannot start a second
 * subscription.
 */
export function checkoutRight(
  p: Principal,
  lga: { code: string; emailSuffix?: string } | undefined,
  status: CustomerStatus,
): CheckoutRight | CheckoutRefusal {
  if (!lga) return 'invalid_lga';
  let right: CheckoutRight;
  if (p.admin) right = 'admin';
  else if (hasRole(p, lga.code, 'account_manager')) right = 'account_manager';
  else if (managedLga(p, lga.code)) return 'forbidden';
  // A council without a mail domain on record has no address that can prove working there (guard 8).
  else if (!lga.emailSuffix || !emailMatchesSuffix(p.email, lga.emailSuffix) || !holdsManagedClaim(p, lga)) return 'invalid_email';
  else right = 'new_customer';
  return hasLiveSubscription(status) ? 'conflict' : right;
}

export interface CheckoutRequest {
  lgaCode: string;
  lgaName: string;
  classification: Classification;
  poNumber?: string;
  skipTrial: boolean;
  subscriberUid: string;
  subscriberEmail: string;
  population?: number;
}

/** Stripe's checkout.sessions.create parameters for a council's subscription (spec §7). */
export function checkoutSessionParams(
  req: CheckoutRequest,
  refs: { stripeCustomerId: string; priceId: string; taxRateId?: string; siteUrl: string; couponId?: string },
) {
  const metadata: Record<string, string> = {
    poNumber: req.poNumber ?? '',
    lga_code: req.lgaCode,
    classification: req.classification,
    population: req.population === undefined ? '' : String(req.population),
    subscriber: req.subscriberUid,
    subscriberEmail: req.subscriberEmail,
  };
  const lga = encodeURIComponent(req.lgaCode);
  return {
    mode: 'subscription' as const,
    customer: refs.stripeCustomerId,
    success_url: `${refs.siteUrl}/onboard/processing?lga=${lga}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${refs.siteUrl}/onboard?lga=${lga}&cancelled=1`,
    line_items: [{ price: refs.priceId, quantity: 1, ...(refs.taxRateId ? { tax_rates: [refs.taxRateId] } : {}) }],
    metadata,
    ...sessionDiscountParams(refs.couponId),
    billing_address_collection: 'required' as const,
    subscription_data: {
      metadata: { lga_code: req.lgaCode },
      ...(req.skipTrial ? {} : { trial_period_days: TRIAL_DAYS }),
    },
  };
}

/** One key per council, caller and choice (discount included) within ten minutes: a double click gets the same session. */
export function checkoutIdempotencyKey(req: CheckoutRequest, nowSeconds: number, couponId?: string): string {
  const bucket = Math.floor(nowSeconds / 600);
  return ['checkout', req.lgaCode, req.subscriberUid, req.classification, req.skipTrial ? 'now' : 'trial', req.poNumber ?? '', couponId ?? '', bucket].join(':');
}
