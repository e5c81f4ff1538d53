// Stripe emulator: what an invoice's charge became (an invoice payment naming its PaymentIntent)
// and refunds of it. A paid invoice with an amount gets a PaymentIntent id when it is charged; a
// refund of that PaymentIntent (in full unless an amount is given) is kept and sent as
// refund.created. Enough for the app to refund a council's duplicate subscription.
import { required } from './catalog';
import type { Context } from './context';
import { invalidParam, missingParam } from './errors';
import { int, mergeMetadata, str, type Params } from './form';
import { newId, nowSeconds, type StripeObject } from './store';

/** The invoice payments of one invoice: its charge, once paid. */
export function invoicePayments(ctx: Context, params: Params): StripeObject[] {
  const invoiceId = str(params, 'invoice');
  if (!invoiceId) throw missingParam('invoice');
  const invoice = required(ctx, 'invoices', invoiceId, 'invoice', 'invoice');
  if (!invoice._payment_intent) return [];
  return [
    {
      id: `inpay_${String(invoice.id).slice(3)}`,
      object: 'invoice_payment',
      amount_paid: invoice.amount_paid,
      amount_requested: invoice.amount_due,
      created: (invoice.status_transitions as Record<string, number>).paid_at ?? invoice.created,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: invoice._payment_intent },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: (invoice.status_transitions as Record<string, number>).paid_at ?? null },
    },
  ];
}

export function createRefund(ctx: Context, params: Params): StripeObject {
  const paymentIntent = str(params, 'payment_intent');
  if (!paymentIntent) throw missingParam('payment_intent');
  const invoice = ctx.store.all('invoices').find((candidate) => candidate._payment_intent === paymentIntent);
  if (!invoice) throw invalidParam('payment_intent', `No such payment_intent: '${paymentIntent}'`);
  const refunded = ctx.store.all('refunds').filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + (r.amount as number), 0);
  const left = (invoice.amount_paid as number) - refunded;
  const amount = int(params, 'amount') ?? left;
  if (left <= 0) throw invalidParam('payment_intent', `Charge for PaymentIntent ${paymentIntent} has already been refunded.`);
  if (amount <= 0 || amount > left) throw invalidParam('amount', `Refund amount (${amount}) is greater than the amount left to refund (${left}).`);
  const refund = ctx.store.put('refunds', {
    id: newId('re', 24),
    object: 'refund',
    amount,
    currency: invoice.currency,
    created: nowSeconds(),
    payment_intent: paymentIntent,
    reason: str(params, 'reason') ?? null,
    status: 'succeeded',
    metadata: mergeMetadata({}, params),
  });
  ctx.webhooks.emit('refund.created', refund);
  return refund;
}
