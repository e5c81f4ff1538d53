// Checkout and the other Stripe-backed actions of a council: who may start a checkout (decided in
// core), one Stripe customer per council, a double click answered with the same session, the
// customer portal, cancelling, and the price and quote shown before paying.
import type { Principal } from '../../core/access';
import {
  CLASSIFICATIONS,
  DEFAULT_CLASSIFICATION,
  TRIAL_DAYS,
  checkoutIdempotencyKey,
  checkoutRight,
  checkoutSessionParams,
  withGst,
  type Classification,
} from '../../core/billing/checkout';
import { decodeQuoteId, encodeQuoteId, quoteValidUntil } from '../../core/billing/quote';
import { conflict, forbidden, notFound, validationError } from '../../core/errors';
import { priceFor } from '../../adapters/billing/catalog';
import { checkoutSessionsOf, getCustomer, linkStripeCustomer, recordCheckoutSession } from '../../adapters/billing/customers';
import { cancelSubscription, createCheckout, createPortalSession, ensureStripeCustomer } from '../../adapters/billing/subscriptions';
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

export async function priceOf(lgaCode: string, requested?: string | null) {
  await lgaOrInvalid(lgaCode);
  const classification = await classificationOf(lgaCode, requested);
  const { price } = await priceFor(classification);
  return {
    classification,
    name: CLASSIFICATIONS[classification].name,
    ...withGst(price.unitAmount),
    unitAmount: price.unitAmount,
    currency: price.currency,
    interval: price.interval,
    trialDays: TRIAL_DAYS,
  };
}

export async function startCheckout(
  p: Principal,
  input: { lgaCode: string; classification?: string; poNumber?: string; skipTrial: boolean },
): Promise<{ id: string; url: string }> {
  const lga = await lgaOrInvalid(input.lgaCode);
  const customer = await getCustomer(lga.code);
  const right = checkoutRight(p, lga, customer?.subscriptionStatus ?? 'none');
  if (right === 'invalid_lga') throw validationError('Invalid LGA');
  if (right === 'invalid_email') throw forbidden('Invalid email address');
  if (right === 'forbidden') throw forbidden();
  if (right === 'conflict') throw conflict('This council already has an active subscription');

  const classification = await classificationOf(lga.code, right === 'admin' ? input.classification : undefined);
  const now = nowSeconds();
  // A double click (or a second tab) gets the open session started moments ago.
  const recent = (await checkoutSessionsOf(lga.code)).find(
    (s) =>
      s.status === 'open' && s.uid === p.uid && now - s.created < REUSE_WINDOW_SECONDS && s.classification === classification &&
      (s.poNumber ?? undefined) === input.poNumber && (s.skipTrial ?? false) === input.skipTrial && s.url,
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
    skipTrial: input.skipTrial,
    subscriberUid: p.uid,
    subscriberEmail: p.email,
  };
  const params = checkoutSessionParams(request, { stripeCustomerId, priceId: price.priceId, taxRateId: taxRate?.id, siteUrl: siteUrl() });
  const session = await createCheckout(params, checkoutIdempotencyKey(request, now));
  await recordCheckoutSession({
    lgaCode: lga.code,
    id: session.id,
    url: session.url,
    uid: p.uid,
    email: p.email,
    poNumber: input.poNumber,
    classification,
    skipTrial: input.skipTrial,
    priceId: price.priceId,
    amount: withGst(price.unitAmount).total,
  }).catch((error: unknown) => {
    // The same session from Stripe's idempotency replay is already recorded.
    logger.info('checkout session already recorded', { id: session.id, error: (error as Error).message });
  });
  logger.info('checkout started', { lgaCode: lga.code, uid: p.uid, right, classification, skipTrial: input.skipTrial });
  return session;
}

export async function portalSession(lgaCode: string): Promise<string> {
  const customer = await getCustomer(lgaCode);
  if (!customer?.stripeCustomerId) throw notFound('This council has no billing account yet');
  return createPortalSession(customer.stripeCustomerId, `${siteUrl()}/lga/${lgaCode}/billing`);
}

export async function cancelCouncilSubscription(lgaCode: string, uid: string): Promise<void> {
  const customer = await getCustomer(lgaCode);
  if (!customer?.stripeSubscriptionId || customer.subscriptionStatus === 'canceled' || customer.subscriptionStatus === 'none') {
    throw conflict('This council has no subscription to cancel');
  }
  await cancelSubscription(customer.stripeSubscriptionId);
  logger.info('subscription cancelled', { lgaCode, by: uid });
}

async function presentQuote(id: string, facts: { lgaCode: string; classification: Classification; poNumber?: string; created: number }) {
  const lga = await lgaOrInvalid(facts.lgaCode);
  const price = await priceOf(facts.lgaCode, facts.classification);
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

export async function createQuote(input: { lgaCode: string; classification?: string | null; poNumber?: string | null }) {
  const classification = await classificationOf(input.lgaCode, input.classification);
  const facts = { lgaCode: input.lgaCode, classification, poNumber: input.poNumber || undefined, created: nowSeconds() };
  return presentQuote(encodeQuoteId(facts), facts);
}

export async function quoteById(id: string) {
  const facts = decodeQuoteId(id);
  if (!facts) throw notFound('Quote not found');
  return presentQuote(id, facts);
}
