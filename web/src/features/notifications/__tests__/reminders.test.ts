import { describe, expect, it } from 'vitest';
import { reminderDataOf } from '../api/reminders';

describe('reminderDataOf', () => {
  it('reads the three lists of a reminder, missing lists empty', () => {
    const data = JSON.stringify({ overdue: [{ closureId: 'c1', type: 'Flood', actioned: true }, { closureId: 'c2', type: 'Roadworks' }] });
    expect(reminderDataOf({ data })).toEqual({
      scheduled: [],
      overdue: [{ closureId: 'c1', type: 'Flood', actioned: true }, { closureId: 'c2', type: 'Roadworks', actioned: false }],
      stale: [],
    });
  });

  it('is undefined for notifications that are not reminders or hold broken data', () => {
    expect(reminderDataOf({ data: null })).toBeUndefined();
    expect(reminderDataOf({ data: '{"x":1}' })).toBeUndefined();
    expect(reminderDataOf({ data: 'not json' })).toBeUndefined();
  });

  it('drops entries without a closure id', () => {
    expect(reminderDataOf({ data: JSON.stringify({ stale: [{ type: 'Flood' }, { closureId: 'c3', type: 'Event' }] }) })?.stale).toEqual([
      { closureId: 'c3', type: 'Event', actioned: false },
    ]);
  });
});
