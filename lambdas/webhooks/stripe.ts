// POST /stripe/webhook: Stripe's events about councils' subscriptions, invoices and checkouts.
// In AWS a Lambda function URL; locally the web server calls handleStripeWebhook. The signature
// is verified with the webhook signing secret (forged, wrong-secret and stale events are refused),
// each event is applied once, and a change is announced (domain event, live subscription).
import { Logger } from '@aws-lambda-powertools/logger';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type Stripe from 'stripe';
import { publishEvent } from '../adapters/platform/events';
import { publishCustomerChange } from '../adapters/billing/customer-changes';
import { signatureVerifier, stripeKeys } from '../adapters/billing/stripe-client';
import { applyStripeEvent } from '../adapters/billing/webhook-apply';
import { expireOtherCheckouts, resolveDuplicates } from '../adapters/billing/council-subscriptions';
import { SUBSCRIPTION_EVENTS } from '../core/billing/stripe-objects';
import { nowSeconds } from '../adapters/db/entities/common';

const logger = new Logger({ serviceName: 'stripe-webhook' });

/** Stripe's own default: a signature older than five minutes is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookResponse {
  status: number;
  body: string;
}

const reply = (status: number, body: Record<string, unknown>): WebhookResponse => ({ status, body: JSON.stringify(body) });

export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<WebhookResponse> {
  if (!signature) return reply(400, { error: 'Missing Stripe-Signature header' });
  const { webhookSigningSecret } = await stripeKeys();
  let event: Stripe.Event;
  try {
    event = signatureVerifier.webhooks.constructEvent(rawBody, signature, webhookSigningSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    logger.warn('Stripe webhook refused', { reason: (error as Error).message });
    return reply(400, { error: 'Invalid signature' });
  }
  const outcome = await applyStripeEvent(event);
  if (outcome.kind === 'unknown_customer') {
    logger.error(`Customer with payment provider ID ${outcome.stripeCustomerId} could not be found`, { eventId: event.id, type: event.type });
    // Acknowledged: retrying cannot make an unknown customer known.
    return reply(200, { received: true, outcome: 'unknown_customer' });
  }
  if (outcome.kind !== 'applied') return reply(200, { received: true, outcome: outcome.kind });

  const { customer, before, notice } = outcome;
  logger.info('Stripe event applied', { eventId: event.id, type: event.type, lgaCode: customer.lgaCode, before, after: customer.subscriptionStatus });
  if (outcome.duplicates.length > 0) logger.warn('second subscription of a council', { lgaCode: customer.lgaCode, duplicates: outcome.duplicates });
  // The README's rule: a council's later live subscription is cancelled now and refunded in full.
  if ((SUBSCRIPTION_EVENTS as readonly string[]).includes(event.type)) {
    await resolveDuplicates(customer.lgaCode, (message, details) => logger.warn(message, details));
  }
  if (outcome.completedCheckout) {
    const expired = await expireOtherCheckouts(customer.lgaCode, outcome.completedCheckout).catch((error: unknown) => {
      logger.error('other checkouts of the council not expired', { lgaCode: customer.lgaCode, error: error as Error });
      return [];
    });
    if (expired.length > 0) logger.info('other open checkouts expired', { lgaCode: customer.lgaCode, expired });
  }
  if (notice) {
    await publishEvent('customer.billingNotice', { lgaCode: customer.lgaCode, notice, trialEnd: customer.trialEnd ?? null });
  }
  if (before !== customer.subscriptionStatus) {
    await publishEvent('customer.statusChanged', { lgaCode: customer.lgaCode, before, after: customer.subscriptionStatus });
  }
  await publishCustomerChange({
    lgaCode: customer.lgaCode,
    subscriptionStatus: customer.subscriptionStatus,
    paymentStatus: customer.paymentStatus ?? null,
    trialEnd: customer.trialEnd ?? null,
    currentPeriodEnd: customer.currentPeriodEnd ?? null,
    eventType: event.type,
    updatedAt: nowSeconds(),
  }).catch((error: unknown) => logger.warn('live customer change not published', { error: error as Error }));
  return reply(200, { received: true, outcome: 'applied' });
}

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  if (event.requestContext.http.method !== 'POST') return { statusCode: 405, body: 'Method Not Allowed' };
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const signature = event.headers['stripe-signature'] ?? event.headers['Stripe-Signature'];
  try {
    const result = await handleStripeWebhook(raw, signature);
    return { statusCode: result.status, headers: { 'content-type': 'application/json' }, body: result.body };
  } catch (error) {
    logger.error('Stripe webhook failed', { error: error as Error });
    // 500 makes Stripe retry later; nothing was recorded for this event.
    return { statusCode: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'Internal error' }) };
  }
}
