// Watch zones' shape rules and matching: what may be saved (at most 50 km across, edges that do
// not cross, an inside), the cells a closure reads, and which zones a closure's roads meet.
import { describe, expect, it } from 'vitest';
import {
  homeCellOf,
  homeCellsNear,
  inWatchZone,
  linesMovedFrom,
  movedOutOfWatchZone,
  WatchZoneIndex,
  ZONE_MESSAGES,
  zoneBbox,
  zoneShapeProblem,
  type ZoneShape,
} from '../../../lambdas/core/alerts/watch-zones';
import type { Position } from '../../../lambdas/core/closures/types';

const FORBES: Position = [148.01, -33.385];
/** A square of `km` kilometres a side, its south-west corner at `sw`. */
function square(sw: Position, km: number): ZoneShape {
  const dLat = km / 110.574;
  const dLng = km / (111.32 * Math.cos((sw[1] * Math.PI) / 180));
  return { kind: 'polygon', ring: [sw, [sw[0] + dLng, sw[1]], [sw[0] + dLng, sw[1] + dLat], [sw[0], sw[1] + dLat]] };
}
const line = (...coordinates: Position[]) => ({ type: 'LineString' as const, coordinates });

describe('the shape of a watch zone', () => {
  it('takes a square of 30 km and a circle of 25 km radius', () => {
    expect(zoneShapeProblem(square(FORBES, 30))).toBeUndefined();
    expect(zoneShapeProblem({ kind: 'circle', center: FORBES, radiusM: 25_000 })).toBeUndefined();
  });

  it('refuses more than 50 km across', () => {
    // 36 km a side is 51 km corner to corner.
    expect(zoneShapeProblem(square(FORBES, 36))).toBe(ZONE_MESSAGES.tooWide);
    expect(zoneShapeProblem({ kind: 'circle', center: FORBES, radiusM: 25_001 })).toBe(ZONE_MESSAGES.radius);
    expect(zoneShapeProblem({ kind: 'circle', center: FORBES, radiusM: 50 })).toBe(ZONE_MESSAGES.radius);
  });

  it('refuses a bow tie, a spike and an area with no inside', () => {
    const [a, b, c, d] = (square(FORBES, 5) as { ring: Position[] }).ring;
    expect(zoneShapeProblem({ kind: 'polygon', ring: [a, c, b, d] })).toBe(ZONE_MESSAGES.crossing);
    // Out east of the north-east corner and back along the same line.
    expect(zoneShapeProblem({ kind: 'polygon', ring: [a, b, c, [c[0] + 0.02, c[1]], [c[0] + 0.01, c[1]], d] })).toBe(ZONE_MESSAGES.crossing);
    expect(zoneShapeProblem({ kind: 'polygon', ring: [a, b, [b[0] + 0.01, b[1]]] })).toBe(ZONE_MESSAGES.degenerate);
    expect(zoneShapeProblem({ kind: 'polygon', ring: [a, b] })).toBe(ZONE_MESSAGES.degenerate);
    // A double click repeats a corner: it is one corner, not a crossing.
    expect(zoneShapeProblem({ kind: 'polygon', ring: [a, b, b, c, d, a] })).toBeUndefined();
  });

  it('refuses an area outside Australia', () => {
    expect(zoneShapeProblem(square([0, 51], 5))).toBe(ZONE_MESSAGES.outside);
  });
});

describe('where zones are stored and read', () => {
  it('a zone is found from the cells near any closure it meets', () => {
    for (const shape of [square([148.2, -33.02], 30), { kind: 'circle' as const, center: [147.74, -33.49] as Position, radiusM: 25_000 }]) {
      const box = zoneBbox(shape);
      const home = homeCellOf(box);
      // A closure at each corner of the zone's box reads the zone's cell.
      for (const corner of [[box[0], box[1]], [box[2], box[3]], [box[0], box[3]], [box[2], box[1]]]) {
        expect(homeCellsNear([corner[0], corner[1], corner[0], corner[1]])).toContain(home);
      }
    }
  });
});

describe('matching a closure against zones', () => {
  const zones = [
    { key: 'square', shape: square(FORBES, 10) },
    { key: 'circle', shape: { kind: 'circle' as const, center: [148.2, -33.1] as Position, radiusM: 2_000 } },
  ];
  const index = new WatchZoneIndex(zones);

  it('a road inside a zone, or crossing its edge, matches it', () => {
    expect(index.match([line([148.03, -33.37], [148.031, -33.369])]).map((z) => z.key)).toEqual(['square']);
    // Both ends outside, the middle through the square.
    expect(index.match([line([147.9, -33.34], [148.2, -33.34])]).map((z) => z.key)).toEqual(['square']);
    // 1.9 km from the circle's centre.
    expect(index.match([line([148.2, -33.1 + 1.9 / 110.574], [148.21, -33.1 + 1.9 / 110.574])]).map((z) => z.key)).toEqual(['circle']);
  });

  it('a road just outside a zone matches nothing', () => {
    // 100 m west of the square.
    const west = FORBES[0] - 0.1 / 93;
    expect(index.match([line([west, -33.37], [west, -33.3])])).toEqual([]);
    // 2.1 km from the circle's centre.
    expect(index.match([line([148.2, -33.1 + 2.1 / 110.574], [148.21, -33.1 + 2.1 / 110.574])])).toEqual([]);
  });

  it('a zone met by several roads of one closure is matched once', () => {
    expect(index.match([line([148.03, -33.37], [148.031, -33.369]), line([148.04, -33.37], [148.041, -33.369])])).toHaveLength(1);
  });

  it("says which of the person's areas it is in", () => {
    expect(inWatchZone({ title: 'Road reopened: Flooding', body: 'Newell Highway' }, 'Home').body).toBe('In your watched area “Home”: Newell Highway');
  });

  it('says which area a closure moved out of', () => {
    expect(movedOutOfWatchZone({ title: 'Closure updated: Flooding', body: 'Newell Highway' }, 'Home', 'Flooding')).toEqual({
      title: 'Closure moved out of your watched area: Flooding',
      body: 'No longer in “Home”: Newell Highway',
    });
  });

  it("reads an event's movedFrom as lines, leaving out anything else", () => {
    expect(linesMovedFrom({ movedFrom: [[[148, -33.4], [148.01, -33.41]]] })).toEqual([line([148, -33.4], [148.01, -33.41])]);
    expect(linesMovedFrom({ movedFrom: [[[148, 'x']], [], 'line', [[148, -33.4]]] })).toEqual([{ type: 'LineString', coordinates: [[148, -33.4]] }]);
    expect(linesMovedFrom({})).toEqual([]);
    expect(linesMovedFrom(undefined)).toEqual([]);
  });
});
