import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../api/notifications';
import { badgeText, NO_TOASTS, planToasts, splitByDay } from '../format';

const note = (id: string, timestamp: number): AppNotification => ({
  id, uid: 'u', title: `Title ${id}`, body: `Body ${id}`, timestamp, seen: null, read: null, redirectTo: null, resourceId: null, icon: null,
});

describe('notification presentation', () => {
  it('toasts up to 3 separately and collapses more into one', () => {
    expect(planToasts(NO_TOASTS, [note('a', 1), note('b', 2), note('c', 3)], 0, 7000).show.map((t) => t.title)).toEqual(['Title a', 'Title b', 'Title c']);
    expect(planToasts(NO_TOASTS, [note('a', 1), note('b', 2), note('c', 3), note('d', 4)], 0, 7000).show).toEqual([
      { key: 'notifications:collapsed', title: 'Notifications', message: 'You have 4 new notifications' },
    ]);
  });

  it('collapses arrivals 0.3 s apart once more than 3 are on screen, replacing the separate toasts', () => {
    let onScreen = NO_TOASTS;
    const shown: string[][] = [];
    const dismissed: string[][] = [];
    for (let i = 0; i < 5; i++) {
      const plan = planToasts(onScreen, [note(String(i), i)], i * 300, 7000);
      shown.push(plan.show.map((t) => t.message));
      dismissed.push(plan.dismiss);
      onScreen = plan.next;
    }
    expect(shown).toEqual([['Body 0'], ['Body 1'], ['Body 2'], ['You have 4 new notifications'], ['You have 5 new notifications']]);
    expect(dismissed[3]).toEqual(['notification:0', 'notification:1', 'notification:2']);
  });

  it('starts again once the earlier toasts have hidden', () => {
    let onScreen = NO_TOASTS;
    for (let i = 0; i < 4; i++) onScreen = planToasts(onScreen, [note(String(i), i)], i * 300, 7000).next;
    const later = planToasts(onScreen, [note('late', 9)], 20_000, 7000);
    expect(later.show).toEqual([{ key: 'notification:late', title: 'Title late', message: 'Body late' }]);
    expect(later.dismiss).toEqual([]);
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
