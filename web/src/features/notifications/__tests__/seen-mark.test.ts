import { describe, expect, it } from 'vitest';
import { shouldMarkSeen, unseenKey } from '../seen-mark';

const n = (id: string, seen: number | null) => ({ id, seen });

describe('marking what the open dropdown shows as seen', () => {
  it('marks nothing while closed or when everything shown is seen', () => {
    expect(shouldMarkSeen(false, unseenKey([n('a', null)]))).toBe(false);
    expect(shouldMarkSeen(true, unseenKey([n('a', 5), n('b', 6)]))).toBe(false);
    expect(shouldMarkSeen(true, unseenKey([]))).toBe(false);
  });

  it('marks when the open dropdown shows an unseen one', () => {
    expect(shouldMarkSeen(true, unseenKey([n('a', 5), n('b', null)]))).toBe(true);
  });

  it('gives a notification arriving while the dropdown is open a mark of its own', () => {
    // Before: one unseen notification was shown; a mark went out. A second arrived before the
    // list was read again, so "there are unseen ones" stayed true throughout and the old check
    // never marked the newcomer. The key changes, so the one-second mark starts again.
    const before = unseenKey([n('old', null)]);
    const arrived = unseenKey([n('new', null), n('old', null)]);
    const afterMark = unseenKey([n('new', null), n('old', 9)]);
    expect(arrived).not.toBe(before);
    expect(afterMark).not.toBe(arrived);
    expect(shouldMarkSeen(true, afterMark)).toBe(true);
  });

  it('does not depend on the order the list comes in', () => {
    expect(unseenKey([n('b', null), n('a', null)])).toBe(unseenKey([n('a', null), n('b', null)]));
  });
});
