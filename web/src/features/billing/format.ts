// How billing figures read in the app: AUD from integer cents, dates in Australian style, and the
// words for each subscription status.
import { formatDate as formatSpecDate } from '../closures/format';

export function formatCents(cents: number, currency = 'aud'): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** The spec's default date format, DD/MM/YYYY; a dash when there is none. */
export function formatDate(seconds: number | null | undefined): string {
  return seconds ? formatSpecDate(seconds) : '—';
}
/** Billing tables show "MMM D, h:mm A" like every table. */
export { formatTableTimestamp } from '../closures/format';

export const STATUS_LABELS: Record<string, string> = {
  none: 'Not subscribed',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due']);

/** Whether the subscription still runs (the council can cancel it rather than subscribe). */
export const isLiveSubscription = (status: string) => LIVE_STATUSES.has(status);

/** When the council pays next: the trial's end while on trial, else the period's end; none once it has ended. */
export function nextPaymentDate(c: { subscriptionStatus: string; trialEnd: number | null; currentPeriodEnd: number | null }): number | null {
  if (!isLiveSubscription(c.subscriptionStatus)) return null;
  return c.subscriptionStatus === 'trialing' && c.trialEnd ? c.trialEnd : c.currentPeriodEnd;
}

/** How long a discount lasts on a yearly subscription. */
export function discountTerm(d: { duration: string; durationInMonths: number | null }): string {
  if (d.duration === 'forever') return 'every year';
  if (d.duration === 'repeating') return `the first ${Math.round((d.durationInMonths ?? 12) / 12)} years`;
  return 'the first year';
}

/** "25% off the first year", "$500.00 off every year". */
export function describeDiscount(d: { percentOff: number | null; amountOff: number | null; currency: string; duration: string; durationInMonths: number | null }): string {
  const amount = d.percentOff != null ? `${d.percentOff}%` : formatCents(d.amountOff ?? 0, d.currency);
  return `${amount} off ${discountTerm(d)}`;
}
