import { describe, expect, it } from 'vitest';
import { isEmptyReminder, markActioned, reminderData, reminderEvent } from '../../../lambdas/core/notifications/reminders';

const now = 1_763_700_000;
const c = (id: string, extra: Record<string, number> = {}) => ({ id, type: 'flood', updatedAt: now - 10, ...extra });

describe('closure reminders', () => {
  it('lists scheduled closures only when they start within a day', () => {
    const d = reminderData({ scheduled: [c('soon', { scheduledFor: now + 3600 }), c('later', { scheduledFor: now + 3 * 86_400 })], overdue: [c('o')], stale: [] }, now);
    expect(d.scheduled.map((e) => e.closureId)).toEqual(['soon']);
    expect(d.overdue).toEqual([{ closureId: 'o', type: 'Flooding', formattedAddress: undefined, at: undefined, actioned: false }]);
    expect(isEmptyReminder(d)).toBe(false);
    expect(isEmptyReminder(reminderData({ scheduled: [c('later', { scheduledFor: now + 3 * 86_400 })], overdue: [], stale: [] }, now))).toBe(true);
  });

  it('is one event per LGA and day', () => {
    expect(reminderEvent('12900', now)).toEqual(reminderEvent('12900', now + 600));
    expect(reminderEvent('12900', now).eventId).not.toBe(reminderEvent('12900', now + 86_400).eventId);
    expect(reminderEvent('12900', now).eventId).not.toBe(reminderEvent('16200', now).eventId);
  });

  it('marks an entry actioned wherever it is listed, or reports it missing', () => {
    const d = reminderData({ scheduled: [], overdue: [c('a')], stale: [c('a'), c('b')] }, now);
    const next = markActioned(d, 'a')!;
    expect(next.overdue[0]!.actioned).toBe(true);
    expect(next.stale.map((e) => e.actioned)).toEqual([true, false]);
    expect(markActioned(d, 'zzz')).toBeUndefined();
  });
});
