import { describe, expect, it } from 'vitest';
import { effectiveView, isReopeningOverdue, isReopeningScheduled, isStale, storedViewOf } from '../../../lambdas/core/closure-views';
import { ClosureInput, type ClosureInputValue } from '../../../lambdas/core/closures/input';
import * as t from '../../../lambdas/core/closures/state';

const NOW = 1_750_000_000;
let ids = 0;
const ctx = (now = NOW): t.ChangeContext => ({
  now,
  actor: { uid: 'u1', email: 'staff@forbes.example' },
  newId: () => `r${++ids}`,
  locate: () => ({ formattedAddress: 'Newell Highway, Forbes, NSW', nearestLocation: { name: 'Newell Highway', location: { lat: -33.4, lng: 148 }, distance: 3 } }),
});
const input = (over: Partial<ClosureInputValue> = {}): ClosureInputValue => ({
  lgaCode: '12900',
  type: 'flood',
  reason: 'Water over road',
  regions: [{ geometry: { type: 'LineString', coordinates: [[148, -33.4], [148.01, -33.41]] } }],
  ...over,
});

describe('create', () => {
  it('is active, closed, located and versioned, with a created activity', () => {
    const { after, activity, event, geometry } = t.createClosure('c1', input(), ctx());
    expect(after).toMatchObject({ id: 'c1', view: 'ACTIVE', active: true, condition: 'closed', version: 1, formattedAddress: 'Newell Highway, Forbes, NSW' });
    expect(after.regions[0]).toMatchObject({ createdAt: NOW, updatedAt: NOW });
    expect(activity).toMatchObject({ closureId: 'c1', action: 'created', user: { uid: 'u1' }, timestamp: NOW });
    expect(event).toBe('closure.created');
    expect(geometry?.geohash4).toBe(after.geohash4);
  });

  it('is SCHEDULED while scheduledFor is in the future', () => {
    expect(t.createClosure('c2', input({ scheduledFor: NOW + 3600 }), ctx()).after.view).toBe('SCHEDULED');
    expect(t.createClosure('c3', input({ scheduledFor: NOW - 60 }), ctx()).after.view).toBe('ACTIVE');
  });
});

describe('transitions', () => {
  const created = () => t.createClosure('c', input({ estimatedReopening: NOW + 7200 }), ctx()).after;

  it('reopen: opened now, estimatedReopening cleared, RECENTLY_OPENED, still active', () => {
    const { after, activity, event } = t.reopenClosure(created(), ctx(NOW + 10));
    expect(after).toMatchObject({ condition: 'opened', openedAt: NOW + 10, view: 'RECENTLY_OPENED', active: true, version: 2 });
    expect(after.estimatedReopening).toBeUndefined();
    expect(activity.action).toBe('reopened');
    expect(event).toBe('closure.reopened');
    expect(() => t.reopenClosure(after, ctx())).toThrow('The closure is already open');
  });

  it('delete and restore', () => {
    const deleted = t.deleteClosure(created(), ctx(NOW + 5)).after;
    expect(deleted).toMatchObject({ deletedAt: NOW + 5, active: false, view: 'DELETED' });
    expect(() => t.updateClosure(deleted, input(), ctx())).toThrow('Deleted closures cannot be changed');
    expect(() => t.deleteClosure(deleted, ctx())).toThrow('already deleted');
    const restored = t.restoreClosure(deleted, ctx(NOW + 6));
    expect(restored.after).toMatchObject({ active: true, view: 'ACTIVE', version: 3 });
    expect(restored.after.deletedAt).toBeUndefined();
    expect(restored.activity.action).toBe('restored');
    expect(() => t.restoreClosure(restored.after, ctx())).toThrow('Only deleted closures can be restored');
  });

  it('update keeps region ids it is given, records what changed and re-indexes geometry', () => {
    const before = created();
    const kept = before.regions[0];
    const change = t.updateClosure(
      before,
      input({
        type: 'roadworks',
        regions: [{ id: kept.id, geometry: kept.geometry }, { geometry: { type: 'LineString', coordinates: [[148.1, -33.4], [148.11, -33.4]] } }],
      }),
      ctx(NOW + 20),
    );
    expect(change.after.regions[0]).toEqual(kept);
    expect(change.after.regions[1].id).not.toBe(kept.id);
    expect(change.activity.payload).toMatchObject({ type: { from: 'flood', to: 'roadworks' }, regions: { from: 1, to: 2 } });
    expect(change.geometry).toBeDefined();
    expect(() => t.updateClosure(before, input({ lgaCode: '10050' }), ctx())).toThrow('A closure cannot be moved to another LGA');
  });

  it("an update that moves the roads names where they lay before (the event's movedFrom); one that keeps them, nothing", () => {
    const before = created();
    const moved = t.updateClosure(before, input({ regions: [{ id: before.regions[0].id, geometry: { type: 'LineString', coordinates: [[148.2, -33.4], [148.21, -33.41]] } }] }), ctx(NOW + 20));
    expect(t.movedFromOf(moved)).toEqual([[[148, -33.4], [148.01, -33.41]]]);
    expect(t.movedFromOf(t.updateClosure(before, input({ reason: 'Deeper water', regions: [{ id: before.regions[0].id, geometry: before.regions[0].geometry }] }), ctx(NOW + 20)))).toBeUndefined();
    expect(t.movedFromOf(t.createClosure('cm', input(), ctx()))).toBeUndefined();
  });

  it('keeps, changes and clears the detour, recording the change', () => {
    const before = t.createClosure('cd', input({ detour: 'Use Henry Parkes Way' }), ctx()).after;
    expect(before.detour).toBe('Use Henry Parkes Way');
    const changed = t.updateClosure(before, input({ detour: 'Use the Lachlan Valley Way' }), ctx(NOW + 30));
    expect(changed.activity.payload).toMatchObject({ detour: { from: 'Use Henry Parkes Way', to: 'Use the Lachlan Valley Way' } });
    expect(t.updateClosure(changed.after, input(), ctx(NOW + 35)).after.detour).toBe('Use the Lachlan Valley Way');
    const cleared = t.updateClosure(changed.after, input({ detour: null }), ctx(NOW + 40));
    expect(t.updateClosure(changed.after, input({ detour: '  ' }), ctx(NOW + 40)).after.detour).toBeUndefined();
    expect(cleared.after.detour).toBeUndefined();
  });

  it('bounds the detour at 500 characters', () => {
    expect(ClosureInput.safeParse({ ...input(), detour: 'x'.repeat(500) }).success).toBe(true);
    const tooLong = ClosureInput.safeParse({ ...input(), detour: 'x'.repeat(501) });
    expect(tooLong.success ? '' : tooLong.error.issues[0].message).toBe('Detour is too long (maximum 500 characters)');
  });

  it('region deletion refuses the last region and unknown ids', () => {
    const two = t.updateClosure(
      created(),
      input({ regions: [...input().regions, { geometry: { type: 'LineString', coordinates: [[148.2, -33.4], [148.21, -33.4]] } }] }),
      ctx(),
    ).after;
    const one = t.deleteRegion(two, two.regions[1].id, ctx()).after;
    expect(one.regions).toHaveLength(1);
    expect(() => t.deleteRegion(one, one.regions[0].id, ctx())).toThrow('A closure needs at least one region');
    expect(() => t.deleteRegion(one, 'nope', ctx())).toThrow('Region nope not found');
  });

  it('a scheduled closure starts once its time has come', () => {
    const scheduled = t.createClosure('s', input({ scheduledFor: NOW + 100 }), ctx()).after;
    expect(t.startScheduledClosure(scheduled, ctx(NOW + 50))).toBeUndefined();
    const started = t.startScheduledClosure(scheduled, ctx(NOW + 100));
    expect(started?.after.view).toBe('ACTIVE');
    expect(started?.activity.action).toBe('started');
  });

  it('media attach and detach', () => {
    const withMedia = t.addMedia(created(), 'm1', ctx()).after;
    expect(withMedia.media).toEqual(['m1']);
    expect(() => t.addMedia(withMedia, 'm1', ctx())).toThrow('already attached');
    expect(t.removeMedia(withMedia, 'm1', ctx()).after.media).toEqual([]);
  });
});

describe('views', () => {
  it('stores the view from the facts and reads clock-dependent ones', () => {
    expect(storedViewOf({ condition: 'closed', deletedAt: 1 }, NOW)).toBe('DELETED');
    expect(storedViewOf({ condition: 'opened', archivedAt: 1 }, NOW)).toBe('ARCHIVED');
    expect(storedViewOf({ condition: 'opened' }, NOW)).toBe('RECENTLY_OPENED');
    expect(storedViewOf({ condition: 'changed', scheduledFor: NOW + 1 }, NOW)).toBe('SCHEDULED');
    expect(effectiveView({ view: 'SCHEDULED', scheduledFor: NOW - 1 }, NOW)).toBe('ACTIVE');
    expect(effectiveView({ view: 'SCHEDULED', scheduledFor: NOW + 1 }, NOW)).toBe('SCHEDULED');
    expect(isReopeningScheduled({ estimatedReopening: NOW + 1 }, NOW)).toBe(true);
    expect(isReopeningOverdue({ estimatedReopening: NOW }, NOW)).toBe(true);
    expect(isReopeningOverdue({}, NOW)).toBe(false);
    expect(isStale({ updatedAt: NOW - 7 * 24 * 3600 }, NOW)).toBe(true);
    expect(isStale({ updatedAt: NOW - 3600 }, NOW)).toBe(false);
  });
});
