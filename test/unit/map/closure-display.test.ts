import { describe, expect, it } from 'vitest';
import type { MapClosure } from '../../../web/src/features/map/api/closure-fields';
import { mergeClosureIntoList } from '../../../web/src/features/map/api/cache-merge';
import { closuresToFeatures, displayState, isShownOnMap, STATE_COLOURS } from '../../../web/src/features/map/closure-display';
import type { Bbox } from '../../../web/src/features/map/geo';

const NOW = 1_800_000_000;
const FORBES: Bbox = [147.3, -33.8, 148.5, -33.0];

function closure(overrides: Partial<MapClosure> = {}): MapClosure {
  return {
    id: 'c1', lgaCode: '12900', active: true, condition: 'closed', type: { value: 'flood', text: 'Flood' }, reason: null,
    position: { lat: -33.32, lng: 148.01 }, formattedAddress: 'Newell Highway, Forbes, NSW',
    regions: [{ id: 'r1', geometry: JSON.stringify({ type: 'LineString', coordinates: [[148.01, -33.33], [148.02, -33.3]] }) }],
    scheduledFor: null, estimatedReopening: null, openedAt: null, archivedAt: null, deletedAt: null,
    createdAt: NOW - 100, updatedAt: NOW - 100, scheduled: false, ...overrides,
  };
}

describe('displayState', () => {
  it('maps conditions and a future start to the four map states', () => {
    expect(displayState(closure(), NOW)).toBe('closed');
    expect(displayState(closure({ condition: 'changed' }), NOW)).toBe('changed');
    expect(displayState(closure({ condition: 'opened', openedAt: NOW }), NOW)).toBe('opened');
    expect(displayState(closure({ scheduledFor: NOW + 60 }), NOW)).toBe('scheduled');
    expect(displayState(closure({ scheduledFor: NOW - 60 }), NOW)).toBe('closed');
  });
});

describe('isShownOnMap', () => {
  it('hides deleted, archived and closures reopened more than 24 hours ago', () => {
    expect(isShownOnMap(closure(), NOW)).toBe(true);
    expect(isShownOnMap(closure({ deletedAt: NOW, active: false }), NOW)).toBe(false);
    expect(isShownOnMap(closure({ archivedAt: NOW }), NOW)).toBe(false);
    expect(isShownOnMap(closure({ condition: 'opened', openedAt: NOW - 3600 }), NOW)).toBe(true);
    expect(isShownOnMap(closure({ condition: 'opened', openedAt: NOW - 25 * 3600 }), NOW)).toBe(false);
  });
});

describe('closuresToFeatures', () => {
  it('draws one line per region and one point per closure, coloured by state', () => {
    const { lines, points } = closuresToFeatures([closure(), closure({ id: 'c2', condition: 'opened', openedAt: NOW, regions: [] })], NOW, 'c2');
    expect(lines.features).toHaveLength(1);
    expect(lines.features[0].properties).toMatchObject({ id: 'c1', colour: STATE_COLOURS.closed, selected: false });
    expect(points.features.map((f) => f.properties?.colour)).toEqual([STATE_COLOURS.closed, STATE_COLOURS.opened]);
    expect(points.features[1].properties?.selected).toBe(true);
  });

  it('skips a region whose geometry is not a LineString', () => {
    const { lines } = closuresToFeatures([closure({ regions: [{ id: 'bad', geometry: '{"type":"Point","coordinates":[1,2]}' }, { id: 'x', geometry: 'not json' }] })], NOW, null);
    expect(lines.features).toHaveLength(0);
  });
});

describe('mergeClosureIntoList', () => {
  const query = { bbox: FORBES, includeScheduled: false };

  it('adds a new closure inside the viewport and ignores one outside', () => {
    expect(mergeClosureIntoList([], closure(), query, NOW)?.map((c) => c.id)).toEqual(['c1']);
    expect(mergeClosureIntoList([], closure({ position: { lat: -31, lng: 150 } }), query, NOW)).toEqual([]);
  });

  it('replaces a known closure, keeping fields the change did not carry', () => {
    const before = [closure({ reason: 'Water over road' })];
    const partial = { ...closure({ condition: 'opened', openedAt: NOW }), reason: undefined } as unknown as MapClosure;
    const after = mergeClosureIntoList(before, partial, query, NOW)!;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ condition: 'opened', reason: 'Water over road' });
  });

  it('removes a deleted closure', () => {
    expect(mergeClosureIntoList([closure()], closure({ active: false, deletedAt: NOW }), query, NOW)).toEqual([]);
  });

  it('keeps scheduled closures off lists that do not ask for them', () => {
    const scheduled = closure({ scheduledFor: NOW + 3600, scheduled: true });
    expect(mergeClosureIntoList([], scheduled, query, NOW)).toEqual([]);
    expect(mergeClosureIntoList([], scheduled, { ...query, includeScheduled: true }, NOW)).toHaveLength(1);
  });

  it('leaves an unloaded list alone', () => {
    expect(mergeClosureIntoList(undefined, closure(), query, NOW)).toBeUndefined();
  });
});
