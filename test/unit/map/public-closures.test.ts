// The public map's reading of the per-LGA map files: which LGAs a view needs, what of a file the
// map shows as time passes, and live changes folded into (and laid over) a file.
import { describe, expect, it } from 'vitest';
import type { MapClosure } from '../../../web/src/features/map/api/closure-fields';
import { mergeClosureIntoLgaFile } from '../../../web/src/features/map/api/cache-merge';
import { closuresToShow, lgasInView, rememberLiveChange, withLiveChanges } from '../../../web/src/features/map/lga-files';
import { boundaryIndex } from '../../../web/src/features/map/lga-outlines';

const NOW = 1_800_000_000;

function closure(overrides: Partial<MapClosure> = {}): MapClosure {
  return {
    id: 'c1', lgaCode: '12900', active: true, condition: 'closed', type: { value: 'flood', text: 'Flooding' }, reason: null,
    position: { lat: -33.32, lng: 148.01 }, formattedAddress: 'Newell Highway, Forbes, NSW',
    regions: [{ id: 'r1', geometry: JSON.stringify({ type: 'LineString', coordinates: [[148.01, -33.33], [148.02, -33.3]] }) }],
    scheduledFor: null, estimatedReopening: null, openedAt: null, archivedAt: null, deletedAt: null,
    createdAt: NOW - 100, updatedAt: NOW - 100, scheduled: false, ...overrides,
  };
}

const square = (code: string, west: number, south: number, size: number) => ({
  type: 'Feature' as const,
  properties: { code },
  geometry: { type: 'Polygon' as const, coordinates: [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]] },
});

describe('LGAs in view', () => {
  const { boxes } = boundaryIndex({ features: [square('12900', 147, -34, 1), square('10050', 148.5, -34, 1), square('17000', 151, -34, 1)] }, '12900');

  it('asks for the home LGA before the boundaries or the view are known', () => {
    expect(lgasInView([], [147, -34, 148, -33], '12900')).toEqual(['12900']);
    expect(lgasInView(boxes, null, '12900')).toEqual(['12900']);
  });

  it('asks for every LGA whose box meets the view, and no other', () => {
    expect(boxes.map((b) => b.code)).toEqual(['12900', '10050', '17000']);
    expect(lgasInView(boxes, [147.2, -33.8, 147.6, -33.4], '12900')).toEqual(['12900']);
    expect(lgasInView(boxes, [147.8, -33.8, 148.7, -33.4], '12900')).toEqual(['12900', '10050']);
    expect(lgasInView(boxes, [140, -30, 141, -29], '12900')).toEqual([]);
  });
});

describe('closures a file shows', () => {
  it('shows active ones, scheduled ones once started, reopened ones for 24 hours; never deleted or archived', () => {
    const file = [
      closure({ id: 'active' }),
      closure({ id: 'later', scheduledFor: NOW + 60, scheduled: true }),
      closure({ id: 'started', scheduledFor: NOW - 60, scheduled: true }),
      closure({ id: 'reopened', condition: 'opened', active: false, openedAt: NOW - 3600 }),
      closure({ id: 'long-reopened', condition: 'opened', active: false, openedAt: NOW - 25 * 3600 }),
      closure({ id: 'deleted', active: false, deletedAt: NOW - 10 }),
    ];
    expect(closuresToShow(file, null, NOW).map((c) => c.id).sort()).toEqual(['active', 'reopened', 'started']);
  });

  it('limits to the view by position or any region point', () => {
    const byRegion = closure({ id: 'road', position: { lat: -33.0, lng: 149 }, regions: [{ id: 'r', geometry: JSON.stringify({ type: 'LineString', coordinates: [[149, -33], [148.01, -33.31]] }) }] });
    const away = closure({ id: 'away', position: { lat: -30, lng: 150 }, regions: [] });
    expect(closuresToShow([closure(), byRegion, away], [148.0, -33.4, 148.1, -33.2], NOW).map((c) => c.id).sort()).toEqual(['c1', 'road']);
  });
});

describe('live changes and the files', () => {
  it('replaces or adds a closure of the LGA, keeping fields a change left out, and ignores other LGAs and older changes', () => {
    const file = [closure({ reason: 'Water over road' })];
    const opened = { ...closure({ condition: 'opened', openedAt: NOW, updatedAt: NOW }), reason: undefined } as unknown as MapClosure;
    expect(mergeClosureIntoLgaFile(file, opened, '12900')![0]).toMatchObject({ condition: 'opened', reason: 'Water over road' });
    expect(mergeClosureIntoLgaFile(file, closure({ id: 'new' }), '12900')!.map((c) => c.id)).toEqual(['new', 'c1']);
    expect(mergeClosureIntoLgaFile(file, closure({ id: 'x', lgaCode: '10050' }), '12900')).toBe(file);
    expect(mergeClosureIntoLgaFile(file, closure({ condition: 'changed', updatedAt: NOW - 500 }), '12900')).toBe(file);
  });

  it('lays a change seen live over an older file an edge still serves', () => {
    rememberLiveChange(closure({ id: 'live-1', updatedAt: NOW }));
    rememberLiveChange(closure({ id: 'c1', condition: 'changed', updatedAt: NOW }));
    const served = withLiveChanges([closure()], '12900');
    expect(served.map((c) => c.id).sort()).toEqual(['c1', 'live-1']);
    expect(served.find((c) => c.id === 'c1')!.condition).toBe('changed');
    expect(withLiveChanges([], '10050')).toEqual([]);
  });
});
