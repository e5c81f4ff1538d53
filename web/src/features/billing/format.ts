// How billing figures read in the app: AUD from integer cents, dates in Australian style, and the
// words for each subscription status.
export function formatCents(cents: number, currency = 'aud'): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

export function formatDate(seconds: number | null | undefined): string {
  if (!seconds) return '—';
  return new Date(seconds * 1000).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
}

export const STATUS_LABELS: Record<string, string> = {
  none: 'Not subscribed',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
