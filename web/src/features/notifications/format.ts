import type { AppNotification } from './api/notifications';

/** Spec §9: more than 3 new notifications at once collapse into one toast. */
export const COLLAPSE_TOASTS_OVER = 3;
/** Spec §4: unseen become seen when the dropdown stays open this long. */
export const MARK_SEEN_DELAY_MS = 1000;

export interface ToastPlan {
  title: string;
  message: string;
}

export function toastsFor(arrived: readonly AppNotification[]): ToastPlan[] {
  if (arrived.length > COLLAPSE_TOASTS_OVER) return [{ title: 'Notifications', message: `You have ${arrived.length} new notifications` }];
  return arrived.map((n) => ({ title: n.title, message: n.body ?? '' }));
}

const startOfDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000;

/** Spec §2: Recent (today) and Earlier sections. */
export function splitByDay(items: readonly AppNotification[], now = new Date()): { recent: AppNotification[]; earlier: AppNotification[] } {
  const today = startOfDay(now);
  return { recent: items.filter((n) => n.timestamp >= today), earlier: items.filter((n) => n.timestamp < today) };
}

export function badgeText(count: number, hasMore: boolean): string | null {
  if (count <= 0) return null;
  return hasMore || count > 99 ? '99+' : String(count);
}

/** "5 min ago", "3 h ago", else a DD/MM/YYYY date (spec §9 default date format). */
export function timeAgo(timestamp: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor(now / 1000) - timestamp);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const d = new Date(timestamp * 1000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}
