// Stripe emulator: the customer portal page (billing_portal.sessions.create → url). A tester can
// cancel a subscription at the end of its period (or undo that), replace the saved card, and open
// past invoices, then go back to the app through return_url.
import type { Context } from '../context';
import { itemsOf } from '../invoices';
import { formatMoney } from '../money';
import type { StripeObject } from '../store';
import { dateOf } from './invoice';
import { field, html, page, type Html } from './layout';

export type PortalView = { message?: string; errors?: Record<string, string>; values?: Record<string, string> };

function subscriptionCard(ctx: Context, portal: StripeObject, subscription: StripeObject): Html {
  const [item] = itemsOf(subscription);
  const product = ctx.store.get('products', item.price.product as string);
  const recurring = item.price.recurring as { interval: string };
  const status = subscription.status as string;
  const live = status !== 'canceled' && status !== 'incomplete_expired';
  const headingId = `sub-${subscription.id}`;
  return html`<section aria-labelledby="${headingId}">
<h3 id="${headingId}">${product?.name ?? 'Subscription'}</h3>
<dl>
<dt>Status</dt><dd><span class="status">${status}</span></dd>
<dt>Price</dt><dd>${formatMoney(item.price.unit_amount as number, item.price.currency as string)} per ${recurring.interval} plus tax</dd>
${status === 'trialing' ? html`<dt>Trial ends</dt><dd>${dateOf(subscription.trial_end as number)}</dd>` : ''}
${live ? html`<dt>${subscription.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt><dd>${dateOf(subscription.current_period_end as number)}</dd>` : html`<dt>Ended</dt><dd>${dateOf(subscription.ended_at as number)}</dd>`}
</dl>
${live ? html`<form method="post" action="/portal/${portal.id}/subscription" class="actions">
<input type="hidden" name="subscription" value="${subscription.id}">
${subscription.cancel_at_period_end
    ? html`<button type="submit" name="action" value="renew">Keep subscription</button>`
    : html`<button type="submit" name="action" value="cancel" class="danger">Cancel subscription</button>`}
</form>` : ''}
</section>`;
}

export function portalPage(ctx: Context, portal: StripeObject, view: PortalView = {}): string {
  const customer = ctx.store.get('customers', portal.customer as string)!;
  const subscriptions = ctx.store.all('subscriptions').filter((s) => s.customer === customer.id).sort((a, b) => (b.created as number) - (a.created as number));
  const invoices = ctx.store.all('invoices').filter((i) => i.customer === customer.id && i.status !== 'draft').sort((a, b) => (b._seq as number) - (a._seq as number));
  const methodId = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  const card = methodId ? (ctx.store.get('payment_methods', methodId)?.card as { brand: string; last4: string; exp_month: number; exp_year: number } | undefined) : undefined;
  const errors = view.errors ?? {};
  return page('Billing', html`<h1>Billing for ${customer.name ?? customer.email ?? customer.id}</h1>
${view.message ? html`<p class="notice" role="status">${view.message}</p>` : ''}
${portal.return_url ? html`<p><a href="${portal.return_url}">Return to the app</a></p>` : ''}
<h2>Subscriptions</h2>
${subscriptions.length === 0 ? html`<section><p>No subscriptions.</p></section>` : subscriptions.map((s) => subscriptionCard(ctx, portal, s))}
<section aria-labelledby="card-heading">
<h2 id="card-heading">Payment method</h2>
<p>${card ? `${card.brand.toUpperCase()} ending in ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : 'No card saved.'}</p>
<form method="post" action="/portal/${portal.id}/card" novalidate>
${errors.card_number && !errors.card_expiry && !errors.card_cvc ? html`<div class="alert" role="alert"><p>${errors.card_number}</p></div>` : ''}
${field({ name: 'card_number', label: 'New card number', value: view.values?.card_number, error: errors.card_number, autocomplete: 'cc-number', inputmode: 'numeric', required: true })}
<div class="row">${field({ name: 'card_expiry', label: 'Expiry (MM / YY)', value: view.values?.card_expiry, error: errors.card_expiry, autocomplete: 'cc-exp', required: true })}
${field({ name: 'card_cvc', label: 'CVC', value: view.values?.card_cvc, error: errors.card_cvc, autocomplete: 'cc-csc', inputmode: 'numeric', required: true })}</div>
<div class="actions"><button type="submit">Update card</button></div>
</form>
</section>
<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoices</h2>
${invoices.length === 0 ? html`<p>No invoices yet.</p>` : html`<table>
<thead><tr><th scope="col">Invoice</th><th scope="col">Status</th><th scope="col" class="amount">Total</th></tr></thead>
<tbody>${invoices.map((invoice) => html`<tr><td><a href="/invoice/${invoice.id}">${invoice.number}</a><br><span class="muted">${dateOf(invoice.created as number)}</span></td><td>${invoice.status}</td><td class="amount">${formatMoney(invoice.total as number, invoice.currency as string)}</td></tr>`)}</tbody>
</table>`}
</section>`);
}
