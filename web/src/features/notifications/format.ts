import type { AppNotification } from './api/notifications';

/** Spec §9: more than 3 new notifications at once collapse into one toast. */
export const COLLAPSE_TOASTS_OVER = 3;
/** Spec §4: unseen become seen when the dropdown stays open this long. */
export const MARK_SEEN_DELAY_MS = 1000;

export interface ToastPlan {
  /** Toasts with the same key replace each other (the collapsed one is updated in place). */
  key: string;
  title: string;
  message: string;
}

/** The notification toasts still on screen: when each arrival was toasted, and the collapsed toast's time. */
export interface ToastsOnScreen {
  arrivals: readonly { id: string; at: number }[];
  collapsedAt: number | null;
}

export const NO_TOASTS: ToastsOnScreen = { arrivals: [], collapsedAt: null };
export const COLLAPSED_TOAST_KEY = 'notifications:collapsed';
const toastKey = (id: string) => `notification:${id}`;

/**
 * Spec §9: more than 3 new notifications collapse into one toast. "New" is what is still on
 * screen (toasted within `lifetimeMs`), not only what arrived in one batch: five updates 0.3 s
 * apart are one toast counting five, which replaces the separate toasts of the first ones.
 */
export function planToasts(
  onScreen: ToastsOnScreen,
  arrived: readonly AppNotification[],
  now: number,
  lifetimeMs: number,
): { show: ToastPlan[]; dismiss: string[]; next: ToastsOnScreen } {
  const still = onScreen.arrivals.filter((a) => now - a.at < lifetimeMs);
  const collapsedShown = onScreen.collapsedAt !== null && now - onScreen.collapsedAt < lifetimeMs;
  const arrivals = [...still, ...arrived.map((n) => ({ id: n.id, at: now }))];
  if (arrivals.length > COLLAPSE_TOASTS_OVER || collapsedShown) {
    return {
      show: [{ key: COLLAPSED_TOAST_KEY, title: 'Notifications', message: `You have ${arrivals.length} new notifications` }],
      dismiss: still.map((a) => toastKey(a.id)),
      next: { arrivals, collapsedAt: now },
    };
  }
  return {
    show: arrived.map((n) => ({ key: toastKey(n.id), title: n.title, message: n.body ?? '' })),
    dismiss: [],
    next: { arrivals, collapsedAt: null },
  };
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
