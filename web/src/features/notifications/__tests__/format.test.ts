import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../api/notifications';
import { badgeText, splitByDay, toastsFor } from '../format';

const note = (id: string, timestamp: number): AppNotification => ({
  id, uid: 'u', title: `Title ${id}`, body: `Body ${id}`, timestamp, seen: null, read: null, redirectTo: null, resourceId: null, icon: null,
});

describe('notification presentation', () => {
  it('toasts up to 3 separately and collapses more into one', () => {
    expect(toastsFor([note('a', 1), note('b', 2), note('c', 3)]).map((t) => t.title)).toEqual(['Title a', 'Title b', 'Title c']);
    expect(toastsFor([note('a', 1), note('b', 2), note('c', 3), note('d', 4)])).toEqual([{ title: 'Notifications', message: 'You have 4 new notifications' }]);
  });

  it('splits into Recent (today) and Earlier', () => {
    const now = new Date(2026, 10, 21, 15, 0, 0);
    const today = new Date(2026, 10, 21, 0, 30).getTime() / 1000;
    const yesterday = new Date(2026, 10, 20, 23, 30).getTime() / 1000;
    const { recent, earlier } = splitByDay([note('t', today), note('y', yesterday)], now);
    expect(recent.map((n) => n.id)).toEqual(['t']);
    expect(earlier.map((n) => n.id)).toEqual(['y']);
  });

  it('shows no badge at zero and caps it', () => {
    expect(badgeText(0, false)).toBeNull();
    expect(badgeText(7, false)).toBe('7');
    expect(badgeText(99, true)).toBe('99+');
  });
});
