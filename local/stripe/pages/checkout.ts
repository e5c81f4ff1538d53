// Stripe emulator: the hosted checkout page for a subscription Checkout Session — order summary
// (line items, discount, GST, total in AUD), trial note, promotion code, billing address and card
// fields. A stand-in for checkout.stripe.com that testers and browser tests can drive.
import type { Context } from '../context';
import { addInterval, formatMoney } from '../money';
import type { StripeObject } from '../store';
import { field, html, page, type Html } from './layout';

export type CheckoutView = { values?: Record<string, string>; errors?: Record<string, string> };

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];
const COUNTRIES: [string, string][] = [['AU', 'Australia'], ['NZ', 'New Zealand']];

function dateText(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
}

type LineItem = { amount_subtotal: number; amount_tax: number; quantity: number; price: StripeObject; taxes: { amount: number; rate: StripeObject }[] };

function summary(ctx: Context, session: StripeObject): Html {
  const lines = (session._line_items as { data: LineItem[] }).data;
  const currency = session.currency as string;
  const money = (cents: number) => formatMoney(cents, currency);
  const totals = session.total_details as { amount_discount: number; amount_tax: number };
  const trialDays = session._trial_days as number | undefined;
  const recurring = lines[0].price.recurring as { interval: string };
  const taxes = new Map<string, { name: string; amount: number }>();
  for (const line of lines) {
    for (const tax of line.taxes) {
      const name = `${tax.rate.display_name} (${tax.rate.percentage}%${tax.rate.inclusive ? ', included' : ''})`;
      taxes.set(tax.rate.id, { name, amount: (taxes.get(tax.rate.id)?.amount ?? 0) + tax.amount });
    }
  }
  const promo = session._promotion_code ? ctx.store.get('promotion_codes', session._promotion_code as string) : undefined;
  const coupon = session._coupon ? ctx.store.get('coupons', session._coupon as string) : undefined;
  const trialEnd = trialDays ? addInterval(Math.floor(Date.now() / 1000), 'day', trialDays) : undefined;
  return html`<section aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${lines.map((line) => {
    const product = ctx.store.get('products', line.price.product as string);
    return html`<tr><td>${product?.name ?? 'Subscription'}<br><span class="muted">${money(line.price.unit_amount as number)} per ${recurring.interval}</span></td><td>${line.quantity}</td><td class="amount">${money(line.amount_subtotal)}</td></tr>`;
  })}</tbody>
<tfoot>
<tr><th scope="row" colspan="2">Subtotal</th><td class="amount">${money(session.amount_subtotal as number)}</td></tr>
${coupon ? html`<tr><th scope="row" colspan="2">Discount${promo ? html` (${promo.code})` : ''}${coupon.name ? html` — ${coupon.name}` : ''}</th><td class="amount">−${money(totals.amount_discount)}</td></tr>` : ''}
${[...taxes.values()].map((tax) => html`<tr><th scope="row" colspan="2">${tax.name}</th><td class="amount">${money(tax.amount)}</td></tr>`)}
<tr><th scope="row" colspan="2">${trialDays ? `Total after trial, per ${recurring.interval}` : 'Total due today'}</th><td class="amount"><strong>${money(session.amount_total as number)}</strong></td></tr>
${trialDays ? html`<tr><th scope="row" colspan="2">Total due today</th><td class="amount"><strong>${money(0)}</strong></td></tr>` : ''}
</tfoot>
</table>
${trialDays ? html`<p class="notice">${trialDays}-day free trial. You will be charged ${money(session.amount_total as number)} (${currency.toUpperCase()}) on ${dateText(trialEnd!)}, then every ${recurring.interval}${coupon && coupon.duration !== 'forever' ? ' (at the full price once the discount ends)' : ''}, unless you cancel.</p>` : ''}
</section>`;
}

function promotionForm(session: StripeObject, view: CheckoutView): Html | string {
  if (!session.allow_promotion_codes) return '';
  return html`<section aria-labelledby="promo-heading">
<h2 id="promo-heading">Promotion code</h2>
<form method="post" action="/checkout/${session.id}/promotion">
${field({ name: 'promotion_code', label: 'Promotion code', value: view.values?.promotion_code, error: view.errors?.promotion_code, autocomplete: 'off' })}
<div class="actions"><button type="submit" class="secondary">Apply code</button></div>
</form>
</section>`;
}

function select(name: string, label: string, options: [string, string][], value: string | undefined, error?: string): Html {
  const id = `field-${name}`;
  return html`<div><label for="${id}">${label}</label>
<select id="${id}" name="${name}" required aria-required="true"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
<option value="">Choose…</option>
${options.map(([code, text]) => html`<option value="${code}"${code === value ? html` selected` : ''}>${text}</option>`)}
</select>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}</div>`;
}

export function checkoutPage(ctx: Context, session: StripeObject, view: CheckoutView = {}): string {
  if (session.status !== 'open') {
    const text = session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout session has expired. Start again from the app.';
    return page('Checkout', html`<h1>Checkout</h1><section><p>${text}</p>${session.cancel_url ? html`<p><a href="${session.cancel_url}">Return to the app</a></p>` : ''}</section>`);
  }
  const values = view.values ?? {};
  const errors = view.errors ?? {};
  const messages = Object.entries(errors).filter(([key]) => key !== 'promotion_code');
  const needsEmail = !session.customer && !session.customer_email;
  const requireAddress = session.billing_address_collection === 'required';
  const trial = Boolean(session._trial_days);
  const body = html`<h1>Subscribe</h1>
${summary(ctx, session)}
${promotionForm(session, view)}
<form method="post" action="/checkout/${session.id}" novalidate>
${messages.length > 0 ? html`<div class="alert" role="alert" id="form-errors"><p>${messages.length === 1 ? messages[0][1] : 'Please correct the highlighted fields.'}</p></div>` : ''}
<section aria-labelledby="contact-heading">
<h2 id="contact-heading">Contact</h2>
${needsEmail ? field({ name: 'email', label: 'Email', type: 'email', value: values.email, error: errors.email, autocomplete: 'email', required: true }) : html`<p>Email: ${session.customer_email ?? ctx.store.get('customers', session.customer as string)?.email ?? ''}</p>`}
</section>
<section aria-labelledby="billing-heading">
<h2 id="billing-heading">Billing address</h2>
${field({ name: 'name', label: 'Name on card', value: values.name, error: errors.name, autocomplete: 'cc-name', required: true })}
${requireAddress ? html`${field({ name: 'line1', label: 'Address line 1', value: values.line1, error: errors.line1, autocomplete: 'address-line1', required: true })}
${field({ name: 'line2', label: 'Address line 2 (optional)', value: values.line2, autocomplete: 'address-line2' })}
${field({ name: 'city', label: 'Suburb or city', value: values.city, error: errors.city, autocomplete: 'address-level2', required: true })}
<div class="row">${select('state', 'State or territory', STATES.map((s) => [s, s]), values.state, errors.state)}
${field({ name: 'postal_code', label: 'Postcode', value: values.postal_code, error: errors.postal_code, autocomplete: 'postal-code', inputmode: 'numeric', required: true })}</div>
${select('country', 'Country', COUNTRIES, values.country ?? 'AU', errors.country)}` : ''}
</section>
<section aria-labelledby="card-heading">
<h2 id="card-heading">Card details</h2>
<p class="muted" id="card-hint">Test mode: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any future expiry and any CVC.</p>
${field({ name: 'card_number', label: 'Card number', value: values.card_number, error: errors.card_number, autocomplete: 'cc-number', inputmode: 'numeric', required: true, placeholder: '1234 1234 1234 1234' })}
<div class="row">${field({ name: 'card_expiry', label: 'Expiry (MM / YY)', value: values.card_expiry, error: errors.card_expiry, autocomplete: 'cc-exp', required: true, placeholder: 'MM / YY' })}
${field({ name: 'card_cvc', label: 'CVC', value: values.card_cvc, error: errors.card_cvc, autocomplete: 'cc-csc', inputmode: 'numeric', required: true })}</div>
</section>
<div class="actions">
<button type="submit">${trial ? 'Start trial' : 'Subscribe'}</button>
${session.cancel_url ? html`<a href="${session.cancel_url}">Cancel and return</a>` : ''}
</div>
</form>`;
  return page('Checkout', body);
}
