// When a closure was in effect, as its transitions record it: backdated, scheduled ahead, reopened,
// conditions changed, re-closed, deleted and restored; and counted per condition.
import { describe, expect, it } from 'vitest';
import type { ClosureInputValue } from '../../../lambdas/core/closures/input';
import { periodsAt, secondsIn } from '../../../lambdas/core/closures/periods';
import * as t from '../../../lambdas/core/closures/state';

const NOW = 1_764_200_000;
const H = 3600;
const ctx = (now: number): t.ChangeContext => ({ now, actor: { uid: 'u1' }, newId: () => 'r1', locate: () => ({}) });
const input = (over: Partial<ClosureInputValue> = {}): ClosureInputValue => ({
  lgaCode: '12900',
  type: 'flood',
  regions: [{ geometry: { type: 'LineString', coordinates: [[148, -33.4], [148.01, -33.41]] } }],
  ...over,
});

describe('periods in effect', () => {
  it('a backdated closure counts from its start, and keeps it when reopened', () => {
    const created = t.createClosure('c', input({ scheduledFor: NOW - 6 * H }), ctx(NOW)).after;
    expect(created.periods).toEqual([{ condition: 'closed', from: NOW - 6 * H }]);
    const reopened = t.reopenClosure(created, ctx(NOW + H)).after;
    expect(reopened.scheduledFor).toBeUndefined();
    expect(reopened.periods).toEqual([{ condition: 'closed', from: NOW - 6 * H, until: NOW + H }]);
    expect(secondsIn(reopened.periods!, 'closed', 0, Infinity, NOW + 5 * H)).toBe(7 * H);
  });

  it('a closure scheduled ahead has no period until its start, then counts from the start, not from when the schedule noticed', () => {
    const created = t.createClosure('c', input({ scheduledFor: NOW + 2 * H }), ctx(NOW)).after;
    expect(created.periods).toEqual([]);
    expect(periodsAt(created, NOW + 2 * H + 60)).toEqual([{ condition: 'closed', from: NOW + 2 * H }]);
    const started = t.startScheduledClosure(created, ctx(NOW + 2 * H + 900))!.after;
    expect(started.periods).toEqual([{ condition: 'closed', from: NOW + 2 * H }]);
  });

  it('changed conditions are a period of their own, and a change of condition ends one and starts the other', () => {
    const changed = t.createClosure('c', input({ condition: 'changed' }), ctx(NOW)).after;
    expect(changed.periods).toEqual([{ condition: 'changed', from: NOW }]);
    const closed = t.updateClosure(changed, input({ condition: 'closed' }), ctx(NOW + H)).after;
    expect(closed.periods).toEqual([
      { condition: 'changed', from: NOW, until: NOW + H },
      { condition: 'closed', from: NOW + H },
    ]);
    const reopened = t.reopenClosure(closed, ctx(NOW + 3 * H)).after;
    expect(secondsIn(reopened.periods!, 'changed', 0, Infinity, NOW + 9 * H)).toBe(H);
    expect(secondsIn(reopened.periods!, 'closed', 0, Infinity, NOW + 9 * H)).toBe(2 * H);
  });

  it('a reopened closure closed again starts a new period; a deleted one ends its period and a restored one starts anew', () => {
    const created = t.createClosure('c', input(), ctx(NOW)).after;
    const reopened = t.reopenClosure(created, ctx(NOW + H)).after;
    const again = t.updateClosure(reopened, input({ condition: 'closed' }), ctx(NOW + 2 * H)).after;
    expect(again.periods).toEqual([
      { condition: 'closed', from: NOW, until: NOW + H },
      { condition: 'closed', from: NOW + 2 * H },
    ]);
    const deleted = t.deleteClosure(again, ctx(NOW + 3 * H)).after;
    expect(deleted.periods!.at(-1)).toEqual({ condition: 'closed', from: NOW + 2 * H, until: NOW + 3 * H });
    const restored = t.restoreClosure(deleted, ctx(NOW + 4 * H)).after;
    expect(restored.periods!.at(-1)).toEqual({ condition: 'closed', from: NOW + 4 * H });
  });

  it('an edit that sets an earlier start corrects the first period; other edits leave it alone', () => {
    const created = t.createClosure('c', input(), ctx(NOW)).after;
    const edited = t.updateClosure(created, input({ reason: 'Water over the road' }), ctx(NOW + 60)).after;
    expect(edited.periods).toEqual([{ condition: 'closed', from: NOW }]);
    const backdated = t.updateClosure(edited, input({ scheduledFor: NOW - 2 * H }), ctx(NOW + 120)).after;
    expect(backdated.periods).toEqual([{ condition: 'closed', from: NOW - 2 * H }]);
  });

  it('a closure written before periods were kept starts from its first known start', () => {
    const legacy = { ...t.createClosure('c', input({ scheduledFor: NOW - 6 * H }), ctx(NOW)).after, periods: undefined };
    const reopened = t.reopenClosure(legacy, ctx(NOW + H)).after;
    expect(reopened.periods).toEqual([{ condition: 'closed', from: NOW - 6 * H, until: NOW + H }]);
  });
});
