// Spec §4: the unseen notifications the open dropdown shows become seen once it has stayed open
// for a second. The decision is keyed on WHICH unseen notifications are shown, not on whether
// there are any: one that arrives while the dropdown is open (even while a mark is on its way)
// changes the key and gets its own second, and a mark that left some unseen is tried again.
import type { AppNotification } from './api/notifications';

/** The ids of the shown notifications not seen yet, as one key; empty when there are none. */
export function unseenKey(items: readonly Pick<AppNotification, 'id' | 'seen'>[]): string {
  return items
    .filter((n) => !n.seen)
    .map((n) => n.id)
    .sort()
    .join(',');
}

/** Whether a one-second mark should be running: the dropdown is open and shows something unseen. */
export function shouldMarkSeen(open: boolean, key: string): boolean {
  return open && key.length > 0;
}
