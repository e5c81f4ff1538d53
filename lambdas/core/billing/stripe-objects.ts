// Reading Stripe's webhook objects into the product's terms. Stripe moved fields between API
// versions (the period end onto subscription items), so both places are read.
import type { SubscriptionSnapshot } from './status';

type StripeRef = string | { id: string } | null | undefined;

export const refId = (ref: StripeRef): string | undefined => (typeof ref === 'string' ? ref : (ref?.id ?? undefined));

interface SubscriptionLike {
  id: string;
  status: string;
  created?: number;
  customer: StripeRef;
  trial_end?: number | null;
  current_period_end?: number | null;
  cancel_at_period_end?: boolean;
  items?: { data?: Array<{ current_period_end?: number | null }> };
  metadata?: Record<string, string> | null;
}

export function subscriptionSnapshot(sub: SubscriptionLike): SubscriptionSnapshot & { created?: number } {
  return {
    id: sub.id,
    created: sub.created,
    status: sub.status,
    trialEnd: sub.trial_end ?? undefined,
    currentPeriodEnd: sub.items?.data?.[0]?.current_period_end ?? sub.current_period_end ?? undefined,
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
  };
}

interface InvoiceLike {
  id?: string;
  number?: string | null;
  status?: string | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: number;
  hosted_invoice_url?: string | null;
  invoice_pdf?: string | null;
  period_start?: number;
  period_end?: number;
  total_discount_amounts?: Array<{ amount: number }> | null;
}

export function invoiceRecord(invoice: InvoiceLike) {
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? undefined,
    status: invoice.status ?? 'draft',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    created: invoice.created,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? undefined,
    invoicePdf: invoice.invoice_pdf ?? undefined,
    periodStart: invoice.period_start,
    periodEnd: invoice.period_end,
    amountDiscount: (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
  };
}

export const SUBSCRIPTION_EVENTS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const;
export const INVOICE_EVENTS = ['invoice.created', 'invoice.finalized', 'invoice.updated', 'invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed', 'invoice.voided'] as const;

/** The subscription an invoice bills (Stripe moved it under `parent.subscription_details` in newer API versions). */
export function invoiceSubscriptionId(invoice: { subscription?: StripeRef; parent?: { subscription_details?: { subscription?: StripeRef } | null } | null }): string | undefined {
  return refId(invoice.subscription) ?? refId(invoice.parent?.subscription_details?.subscription);
}

/** What a paid or failed invoice says about the council's payment standing. */
export function paymentStatusOf(eventType: string): string | undefined {
  if (eventType === 'invoice.paid' || eventType === 'invoice.payment_succeeded') return 'paid';
  if (eventType === 'invoice.payment_failed') return 'failed';
  return undefined;
}

/** The coupon a completed checkout session applied (Stripe lists it under `discounts`). */
export function sessionCouponId(session: { discounts?: Array<{ coupon?: StripeRef }> | null }): string | undefined {
  return refId(session.discounts?.[0]?.coupon);
}
