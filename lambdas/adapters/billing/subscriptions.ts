// Calls to Stripe on a council's behalf: its Stripe customer, a checkout session, the customer
// portal ("Manage payment") and cancelling the subscription. The table follows through webhooks.
import type Stripe from 'stripe';
import { stripe } from './stripe-client';

/** The council's Stripe customer, created once (the idempotency key makes a double click harmless). */
export async function ensureStripeCustomer(args: { lgaCode: string; lgaName: string; email: string; existingId?: string }): Promise<string> {
  if (args.existingId) return args.existingId;
  const client = await stripe();
  const customer = await client.customers.create(
    { name: args.lgaName, email: args.email, metadata: { lga_code: args.lgaCode } },
    { idempotencyKey: `customer-${args.lgaCode}` },
  );
  return customer.id;
}

export async function createCheckout(params: Stripe.Checkout.SessionCreateParams, idempotencyKey: string): Promise<{ id: string; url: string }> {
  const client = await stripe();
  const session = await client.checkout.sessions.create(params, { idempotencyKey });
  if (!session.url) throw new Error('Stripe returned a checkout session without a url');
  return { id: session.id, url: session.url };
}

export async function createPortalSession(stripeCustomerId: string, returnUrl: string): Promise<string> {
  const client = await stripe();
  const session = await client.billingPortal.sessions.create({ customer: stripeCustomerId, return_url: returnUrl });
  return session.url;
}

/** Cancels now (spec: the council becomes an ex-customer); the webhook records the new status. */
export async function cancelSubscription(subscriptionId: string): Promise<void> {
  const client = await stripe();
  await client.subscriptions.cancel(subscriptionId);
}
