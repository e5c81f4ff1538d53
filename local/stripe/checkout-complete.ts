// Stripe emulator: what happens when the buyer submits the hosted checkout page — applying a
// promotion code, checking the billing address and card (Stripe's test cards and messages), and
// on success creating the customer, subscription and first invoice and completing the session.
import { addressOf, couponValid, createCustomer, redeemableCoupon } from './catalog';
import { DECLINE_MESSAGES, attachCard, behaviourOf, checkCard } from './cards';
import { priceSession, successRedirect } from './checkout';
import type { Context } from './context';
import { nowSeconds, type StripeObject } from './store';
import { createSubscription } from './subscriptions';
import type { Item } from './money';

export type CheckoutForm = Record<string, string>;
export type FieldErrors = Record<string, string>;
export type Outcome = { ok: true; redirect: string } | { ok: false; status: number; errors: FieldErrors };

export const ADDRESS_FIELDS = ['name', 'line1', 'city', 'state', 'postal_code', 'country'] as const;
export const INVALID_CODE_MESSAGE = 'This code is invalid.';

/** Applies (or, with an empty code, removes) a promotion code typed on the page. */
export function applyPromotionCode(ctx: Context, session: StripeObject, code: string): FieldErrors {
  const wanted = code.trim().toLowerCase();
  if (!wanted) {
    session._coupon = undefined;
    session._promotion_code = undefined;
    session.discounts = [];
    priceSession(session);
    return {};
  }
  const promo = ctx.store.all('promotion_codes').find((candidate) => String(candidate.code).toLowerCase() === wanted && candidate.active);
  const coupon = promo && redeemableCoupon(ctx, promo);
  if (!promo || !coupon) return { promotion_code: INVALID_CODE_MESSAGE };
  session._coupon = coupon.id;
  session._promotion_code = promo.id;
  session.discounts = [{ coupon: coupon.id, promotion_code: promo.id }];
  priceSession(session, coupon);
  return {};
}

function checkFields(session: StripeObject, form: CheckoutForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!session.customer && !session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email ?? '')) {
    errors.email = 'Your email address is invalid.';
  }
  if (!form.name?.trim()) errors.name = 'Your name is required.';
  if (session.billing_address_collection === 'required') {
    if (!form.line1?.trim()) errors.line1 = 'Your address is incomplete.';
    if (!form.city?.trim()) errors.city = 'Your city is required.';
    if (!form.state?.trim()) errors.state = 'Your state is required.';
    if (!/^\d{4}$/.test(form.postal_code?.trim() ?? '') && (form.country ?? 'AU') === 'AU') errors.postal_code = 'Your postcode is incomplete.';
    if (!form.country?.trim()) errors.country = 'Your country is required.';
  }
  return errors;
}

export function completeSession(ctx: Context, session: StripeObject, form: CheckoutForm): Outcome {
  if (session.status !== 'open') return { ok: false, status: 400, errors: { form: 'This Checkout Session is no longer active.' } };
  const errors: FieldErrors = { ...checkFields(session, form) };
  if (session.allow_promotion_codes && (form.promotion_code ?? '') !== '' && !session._promotion_code) {
    Object.assign(errors, applyPromotionCode(ctx, session, form.promotion_code));
  }
  const card = checkCard({ number: form.card_number ?? '', expiry: form.card_expiry ?? '', cvc: form.card_cvc ?? '' });
  if (!card.ok) errors[`card_${card.field}`] = card.message;
  if (Object.keys(errors).length > 0 || !card.ok) return { ok: false, status: 400, errors };

  const applied = session._coupon ? ctx.store.get('coupons', session._coupon as string) : undefined;
  // A single-use coupon redeemed through another session since this one opened.
  if (applied && !couponValid(applied)) return { ok: false, status: 400, errors: { form: 'This discount is no longer valid. Start checkout again.' } };

  const trialDays = session._trial_days as number | undefined;
  const behaviour = behaviourOf(card.number);
  const chargedNow = !trialDays && (session.amount_total as number) > 0;
  if (behaviour === 'declines' || behaviour === 'insufficient_funds' || (behaviour === 'fails_later' && chargedNow)) {
    return { ok: false, status: 402, errors: { card_number: DECLINE_MESSAGES[behaviour] } };
  }

  const address = session.billing_address_collection === 'required' ? addressOf(form) : null;
  const email = (session.customer_email as string | null) ?? form.email?.trim() ?? null;
  let customer = session.customer ? ctx.store.get('customers', session.customer as string) : undefined;
  customer ??= createCustomer(ctx, { email: email ?? '', name: form.name.trim() });
  if (!customer.name) customer.name = form.name.trim();
  if (address) customer.address = address;
  const billing = { address, email: customer.email, name: form.name.trim(), phone: null };
  attachCard(ctx, customer, card, billing);

  const coupon = session._coupon ? ctx.store.get('coupons', session._coupon as string) : undefined;
  const promo = session._promotion_code ? ctx.store.get('promotion_codes', session._promotion_code as string) : undefined;
  const subscription = createSubscription(ctx, {
    customer,
    items: session._items as Item[],
    trialDays,
    metadata: session._subscription_metadata as Record<string, string>,
    coupon,
    promotionCode: promo?.id,
  });
  if (coupon) {
    coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
    couponValid(coupon);
  }
  if (promo) promo.times_redeemed = (promo.times_redeemed as number) + 1;

  session.status = 'complete';
  session.payment_status = trialDays ? 'no_payment_required' : 'paid';
  session.customer = customer.id;
  session.subscription = subscription.id;
  session.invoice = subscription.latest_invoice;
  session.customer_details = { address, email: customer.email, name: form.name.trim(), phone: null, tax_exempt: 'none', tax_ids: [] };
  session.collected_information = { business_name: null, individual_name: null, shipping_details: null };
  session._completed_at = nowSeconds();
  ctx.webhooks.emit('checkout.session.completed', session);
  return { ok: true, redirect: successRedirect(session) };
}
