// Stripe emulator: requests to the hosted pages — checkout (view, apply a promotion code, pay),
// invoice page and PDF, and the customer portal (cancel or keep a subscription, replace the card).
import { attachCard, checkCard, DECLINE_MESSAGES, behaviourOf } from './cards';
import { applyPromotionCode, completeSession } from './checkout-complete';
import { expireIfDue } from './checkout';
import type { Context } from './context';
import { checkoutPage } from './pages/checkout';
import { invoicePage, invoicePdf } from './pages/invoice';
import { notFoundPage } from './pages/layout';
import { portalPage } from './pages/portal';
import type { StripeObject } from './store';
import { retryOpenInvoice, setCancelAtPeriodEnd } from './subscriptions';

export type Reply = { status: number; headers?: Record<string, string>; body: string | Uint8Array };

const htmlReply = (status: number, body: string): Reply => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
const redirect = (location: string): Reply => ({ status: 303, headers: { location }, body: '' });

export async function hostedPage(ctx: Context, method: string, path: string, form: Record<string, string>): Promise<Reply | undefined> {
  const [, kind, id, action] = path.split('/');
  if (kind === 'checkout' && id) {
    const session = ctx.store.get('checkout_sessions', id);
    if (!session) return htmlReply(404, notFoundPage('checkout session'));
    expireIfDue(ctx, session);
    if (method === 'GET' && !action) return htmlReply(200, checkoutPage(ctx, session));
    if (method === 'POST' && action === 'promotion' && session.status === 'open' && session.allow_promotion_codes) {
      const errors = applyPromotionCode(ctx, session, form.promotion_code ?? '');
      return htmlReply(errors.promotion_code ? 400 : 200, checkoutPage(ctx, session, { values: form, errors }));
    }
    if (method === 'POST' && !action) {
      const outcome = completeSession(ctx, session, form);
      if (outcome.ok) return redirect(outcome.redirect);
      return htmlReply(outcome.status, checkoutPage(ctx, session, { values: form, errors: outcome.errors }));
    }
  }
  if (kind === 'invoice' && id && method === 'GET') {
    const invoice = ctx.store.get('invoices', id);
    if (!invoice || invoice.status === 'draft') return htmlReply(404, notFoundPage('invoice'));
    if (action === 'pdf') {
      const pdf = await invoicePdf(ctx, invoice);
      return { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${invoice.number}.pdf"` }, body: pdf };
    }
    if (!action) return htmlReply(200, invoicePage(ctx, invoice));
  }
  if (kind === 'portal' && id) {
    const portal = ctx.store.get('portal_sessions', id);
    if (!portal) return htmlReply(404, notFoundPage('portal session'));
    if (method === 'GET' && !action) return htmlReply(200, portalPage(ctx, portal));
    if (method === 'POST' && action === 'subscription') return portalSubscription(ctx, portal, form);
    if (method === 'POST' && action === 'card') return portalCard(ctx, portal, form);
  }
  return undefined;
}

function portalSubscription(ctx: Context, portal: StripeObject, form: Record<string, string>): Reply {
  const subscription = ctx.store.get('subscriptions', form.subscription ?? '');
  if (!subscription || subscription.customer !== portal.customer || subscription.status === 'canceled') {
    return htmlReply(400, portalPage(ctx, portal, { message: 'That subscription cannot be changed.' }));
  }
  const cancel = form.action === 'cancel';
  setCancelAtPeriodEnd(ctx, subscription, cancel);
  return htmlReply(200, portalPage(ctx, portal, { message: cancel ? 'Your subscription will end at the end of the current period.' : 'Your subscription will continue.' }));
}

function portalCard(ctx: Context, portal: StripeObject, form: Record<string, string>): Reply {
  const card = checkCard({ number: form.card_number ?? '', expiry: form.card_expiry ?? '', cvc: form.card_cvc ?? '' });
  if (!card.ok) return htmlReply(400, portalPage(ctx, portal, { values: form, errors: { [`card_${card.field}`]: card.message } }));
  const behaviour = behaviourOf(card.number);
  if (behaviour === 'declines' || behaviour === 'insufficient_funds') {
    return htmlReply(402, portalPage(ctx, portal, { values: form, errors: { card_number: DECLINE_MESSAGES[behaviour] } }));
  }
  const customer = ctx.store.get('customers', portal.customer as string)!;
  const previous = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  const billing = previous ? ctx.store.get('payment_methods', previous)?.billing_details ?? {} : {};
  attachCard(ctx, customer, card, billing as Record<string, unknown>);
  ctx.webhooks.emit('customer.updated', customer, { invoice_settings: { default_payment_method: previous } });
  // A new card settles what is owed on past_due or unpaid subscriptions, as Stripe's portal does.
  for (const subscription of ctx.store.all('subscriptions').filter((s) => s.customer === customer.id)) retryOpenInvoice(ctx, subscription);
  return htmlReply(200, portalPage(ctx, portal, { message: 'Your card was updated.' }));
}
