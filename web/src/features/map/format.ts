/** Spec §9's "lll"-style display, in the user's locale (en-AU): e.g. "21 Nov 2026, 9:05 pm". */
export function formatTimestamp(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  return new Date(seconds * 1000).toLocaleString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
