// Checkout and the other Stripe-backed actions of a council: who may start a checkout (decided in
// core), one Stripe customer per council, a double click answered with the same session, the
// customer portal, cancelling, and the price and quote shown before paying.
import type { Principal } from '../../core/access';
import {
  CLASSIFICATIONS,
  DEFAULT_CLASSIFICATION,
  trialDaysFor,
  checkoutIdempotencyKey,
  checkoutRight,
  checkoutSessionParams,
  type Classification,
} from '../../core/billing/checkout';
import { withGst } from '../../core/billing/tax';
import { discountedPrice, discountUsable, presentDiscount, type Discount } from '../../core/billing/discount';
import { decodeQuoteId, encodeQuoteId, quoteValidUntil, type QuoteFacts } from '../../core/billing/quote';
import { conflict, forbidden, notFound, validationError } from '../../core/errors';
import { priceFor } from '../../adapters/billing/catalog';
import { checkoutSessionsOf, getCustomer, linkStripeCustomer, recordCheckoutSession } from '../../adapters/billing/customers';
import { cancelSubscription, createCheckout, createPortalSession, ensureStripeCustomer } from '../../adapters/billing/subscriptions';
import { getOnboardingDiscount } from '../../adapters/billing/discounts';
import { subscriptionsOf, withStoredSubscription } from '../../adapters/billing/council-subscriptions';
import { liveSubscriptionIds } from '../../core/billing/subscriptions';
import { quoteSigningKey } from '../../adapters/billing/quote-key';
import { db } from '../../adapters/db/db';
import { nowSeconds } from '../../adapters/db/entities/common';
import { logger } from '../resolver';

const REUSE_WINDOW_SECONDS = 600;
const siteUrl = () => (process.env.SITE_URL ?? '').replace(/\/$/, '');

async function lgaOrInvalid(code: string) {
  const { data } = await db().entities.lga.get({ code }).go();
  if (!data) throw validationError('Invalid LGA');
  return data;
}

const isClassification = (value: string | undefined): value is Classification => !!value && value in CLASSIFICATIONS;

/** The council's tier: the admin's choice when given, else the stored one, else the default. */
async function classificationOf(lgaCode: string, requested?: string | null): Promise<Classification> {
  if (isClassification(requested ?? undefined)) return requested as Classification;
  const stored = (await getCustomer(lgaCode))?.classification;
  return isClassification(stored) ? stored : DEFAULT_CLASSIFICATION;
}

/** The council's onboarding discount, for a caller who may start its checkout (others see the list price). */
export async function discountFor(p: Principal, lgaCode: string): Promise<Discount | undefined> {
  const [lga, customer, discount] = await Promise.all([lgaOrInvalid(lgaCode), getCustomer(lgaCode), getOnboardingDiscount(lgaCode)]);
  if (!discountUsable(discount)) return undefined;
  const right = checkoutRight(p, lga, customer?.subscriptionStatus ?? 'none');
  return right === 'admin' || right === 'account_manager' || right === 'new_customer' ? discount : undefined;
}


/** The yearly price of the council's tier; with a discount, the first invoice's figures (GST on the discounted amount). */
export async function priceOf(lgaCode: string, requested?: string | null, discount?: Discount) {
  await lgaOrInvalid(lgaCode);
  const [classification, customer] = await Promise.all([classificationOf(lgaCode, requested), getCustomer(lgaCode)]);
  const { price } = await priceFor(classification);
  const figures = discountedPrice(price.unitAmount, discount);
  return {
    classification,
    name: CLASSIFICATIONS[classification].name,
    unitAmount: price.unitAmount,
    gst: figures.gst,
    total: figures.total,
    listTotal: withGst(price.unitAmount).total,
    discountAmount: figures.discountAmount,
    discount: discount ? presentDiscount(discount) : null,
    currency: price.currency,
    interval: price.interval,
    trialDays: trialDaysFor(customer?.subscriptionStatus ?? 'none'),
  };
}

/** Who may start the council's checkout now, with the spec's refusals. */
export async function checkoutAllowed(p: Principal, lgaCode: string) {
  const lga = await lgaOrInvalid(lgaCode);
  const customer = await getCustomer(lga.code);
  const right = checkoutRight(p, lga, customer?.subscriptionStatus ?? 'none');
  if (right === 'invalid_lga') throw validationError('Invalid LGA');
  if (right === 'invalid_email') throw forbidden('Invalid email address');
  if (right === 'forbidden') throw forbidden();
  if (right === 'conflict') throw conflict('This council already has an active subscription');
  return { lga, customer, right };
}

export async function startCheckout(
  p: Principal,
  input: { lgaCode: string; classification?: string; poNumber?: string; skipTrial: boolean },
): Promise<{ id: string; url: string }> {
  const { lga, customer, right } = await checkoutAllowed(p, input.lgaCode);
  // The trial is the council's once: a council resubscribing pays from the first day.
  const skipTrial = input.skipTrial || trialDaysFor(customer?.subscriptionStatus ?? 'none') === 0;

  const classification = await classificationOf(lga.code, right === 'admin' ? input.classification : undefined);
  const offered = await getOnboardingDiscount(lga.code);
  const discount = discountUsable(offered) ? offered : undefined;
  const now = nowSeconds();
  // A double click (or a second tab) gets the open session started moments ago.
  const recent = (await checkoutSessionsOf(lga.code)).find(
    (s) =>
      s.status === 'open' && s.uid === p.uid && now - s.created < REUSE_WINDOW_SECONDS && s.classification === classification &&
      (s.poNumber ?? undefined) === input.poNumber && (s.skipTrial ?? false) === skipTrial && s.url &&
      s.couponId === discount?.couponId,
  );
  if (recent?.url) return { id: recent.id, url: recent.url };

  const { price, taxRate } = await priceFor(classification);
  const stripeCustomerId = await ensureStripeCustomer({ lgaCode: lga.code, lgaName: lga.name, email: p.email, existingId: customer?.stripeCustomerId });
  if (stripeCustomerId !== customer?.stripeCustomerId) await linkStripeCustomer(lga.code, stripeCustomerId, classification);
  const request = {
    lgaCode: lga.code,
    lgaName: lga.name,
    classification,
    poNumber: input.poNumber,
    skipTrial,
    subscriberUid: p.uid,
    subscriberEmail: p.email,
  };
  const params = checkoutSessionParams(request, {
    stripeCustomerId,
    priceId: price.priceId,
    taxRateId: taxRate?.id,
    siteUrl: siteUrl(),
    couponId: discount?.couponId,
  });
  const session = await createCheckout(params, checkoutIdempotencyKey(request, now, discount?.couponId));
  const figures = discountedPrice(price.unitAmount, discount);
  await recordCheckoutSession({
    lgaCode: lga.code,
    id: session.id,
    url: session.url,
    uid: p.uid,
    email: p.email,
    poNumber: input.poNumber,
    classification,
    skipTrial,
    priceId: price.priceId,
    amount: figures.total,
    couponId: discount?.couponId,
    amountDiscount: discount ? figures.discountAmount : undefined,
  }).catch((error: unknown) => {
    // The same session from Stripe's idempotency replay is already recorded.
    logger.info('checkout session already recorded', { id: session.id, error: (error as Error).message });
  });
  logger.info('checkout started', { lgaCode: lga.code, uid: p.uid, right, classification, skipTrial, couponId: discount?.couponId });
  return session;
}

export async function portalSession(lgaCode: string): Promise<string> {
  const customer = await getCustomer(lgaCode);
  if (!customer?.stripeCustomerId) throw notFound('This council has no billing account yet');
  return createPortalSession(customer.stripeCustomerId, `${siteUrl()}/lga/${lgaCode}/billing`);
}

/** Ends every live subscription of the council (a duplicate not yet cancelled too); the webhooks record it. */
export async function cancelCouncilSubscription(lgaCode: string, uid: string): Promise<void> {
  const customer = await getCustomer(lgaCode);
  const live = customer ? liveSubscriptionIds(withStoredSubscription(customer, await subscriptionsOf(lgaCode))) : [];
  if (live.length === 0) throw conflict('This council has no subscription to cancel');
  for (const id of live) await cancelSubscription(id);
  logger.info('subscription cancelled', { lgaCode, by: uid, subscriptions: live });
}

async function presentQuote(id: string, facts: QuoteFacts) {
  const lga = await lgaOrInvalid(facts.lgaCode);
  // The discount the quote was made with, while the council still has it (withdrawn or replaced: the list price).
  const offered = facts.couponId ? await getOnboardingDiscount(lga.code) : undefined;
  const discount = offered && offered.couponId === facts.couponId ? offered : undefined;
  // The council's own classification from its record, unless an administrator chose one (signed in the id).
  const price = await priceOf(lga.code, facts.classification, discount);
  return {
    id,
    lgaCode: lga.code,
    lgaName: lga.name,
    price,
    poNumber: facts.poNumber ?? null,
    created: facts.created,
    validUntil: quoteValidUntil(facts.created),
  };
}

/** A quote with the council's price; with its onboarding discount when the caller may use it. */
export async function createQuote(p: Principal, input: { lgaCode: string; classification?: string | null; poNumber?: string | null }) {
  await lgaOrInvalid(input.lgaCode);
  const chosen = p.admin && isClassification(input.classification ?? undefined) ? (input.classification as Classification) : undefined;
  const discount = await discountFor(p, input.lgaCode);
  const facts: QuoteFacts = { lgaCode: input.lgaCode, classification: chosen, poNumber: input.poNumber || undefined, created: nowSeconds(), couponId: discount?.couponId };
  return presentQuote(encodeQuoteId(facts, await quoteSigningKey()), facts);
}

/** A quote this app signed; anything else (made up, altered, another deployment's) is not found. */
export async function quoteById(id: string) {
  const facts = decodeQuoteId(id, await quoteSigningKey());
  if (!facts) throw notFound('Quote not found');
  return presentQuote(id, facts);
}
