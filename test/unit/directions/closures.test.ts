import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { bboxAround, blocksTraffic, cellsAlong, cellsAroundLegs, routeClosureOf } from '../../../lambdas/core/directions/closures';
import { closureRecord, FAR_AWAY, NEWELL_NORTH, NOW } from './support';

describe('blocksTraffic: which closures a trip keeps off', () => {
  const newell = (overrides = {}) => closureRecord('c', [NEWELL_NORTH], overrides);

  it('an active closed closure blocks', () => {
    expect(blocksTraffic(newell(), NOW)).toBe(true);
  });

  it('a scheduled closure blocks only once its start has passed', () => {
    expect(blocksTraffic(newell({ view: 'SCHEDULED', scheduledFor: NOW + 1 }), NOW)).toBe(false);
    expect(blocksTraffic(newell({ view: 'SCHEDULED', scheduledFor: NOW }), NOW)).toBe(true);
  });

  it('deleted, archived, reopened and changed-conditions closures do not block', () => {
    expect(blocksTraffic(newell({ view: 'DELETED', active: false, deletedAt: NOW }), NOW)).toBe(false);
    expect(blocksTraffic(newell({ view: 'ARCHIVED', active: false, archivedAt: NOW }), NOW)).toBe(false);
    expect(blocksTraffic(newell({ view: 'RECENTLY_OPENED', condition: 'opened', openedAt: NOW }), NOW)).toBe(false);
    expect(blocksTraffic(newell({ condition: 'changed' }), NOW)).toBe(false);
  });

  it('a closure without regions has nothing to block', () => {
    expect(blocksTraffic(newell({ regions: [] }), NOW)).toBe(false);
  });
});

describe('routeClosureOf', () => {
  it('passes one region as a LineString and several as a MultiLineString, keeping the id', () => {
    expect(routeClosureOf(closureRecord('a', [NEWELL_NORTH]))).toEqual({ id: 'a', geometry: { type: 'LineString', coordinates: NEWELL_NORTH } });
    const two = routeClosureOf(closureRecord('b', [NEWELL_NORTH, FAR_AWAY]));
    expect(two.geometry).toEqual({ type: 'MultiLineString', coordinates: [NEWELL_NORTH, FAR_AWAY] });
  });
});

describe('cells of a trip', () => {
  it('covers every cell a closure on the line is indexed in', () => {
    const closure = closureRecord('c', [NEWELL_NORTH]);
    const cells = cellsAlong(NEWELL_NORTH);
    for (const cell of closure.cells) expect(cells).toContain(cell);
  });

  it('covers a cell the line only touches within the margin', () => {
    // A point 20 m south of a cell's northern edge: the margin reaches the cell above.
    const [south, , north] = ngeohash.decode_bbox('r616');
    const lat = north - 0.0002;
    const line: [number, number][] = [[148.2, lat], [148.21, lat]];
    expect(south).toBeLessThan(lat);
    const above = ngeohash.encode(north + 0.001, 148.205, 4);
    expect(cellsAlong(line, 50)).toContain(above);
    expect(cellsAlong(line, 0)).not.toContain(above);
  });

  it('walks a long diagonal instead of covering its whole box', () => {
    const diagonal: [number, number][] = [[146, -32], [150, -35]];
    const box = ngeohash.bboxes(-35, 146, -32, 150, 4).length;
    const cells = cellsAlong(diagonal).size;
    expect(cells).toBeLessThan(box / 3);
    expect(cells).toBeGreaterThan(10);
  });

  it('widens straight legs for routers that give no route first', () => {
    const forbes = { lat: -33.3877, lng: 148.0083 };
    const sydney = { lat: -33.8688, lng: 151.2093 };
    const around = cellsAroundLegs([forbes, sydney]);
    const along = cellsAlong([[forbes.lng, forbes.lat], [sydney.lng, sydney.lat]]);
    for (const cell of along) expect(around).toContain(cell);
    expect(around.size).toBeGreaterThan(along.size);
  });

  it('bboxAround widens a box by metres', () => {
    const [w, s, e, n] = bboxAround([[148, -33], [148.1, -33.1]], 1000);
    expect(w).toBeLessThan(148);
    expect(e).toBeGreaterThan(148.1);
    expect(n - -33).toBeCloseTo(1000 / 111_195, 4);
    expect(-33.1 - s).toBeCloseTo(1000 / 111_195, 4);
  });
});
