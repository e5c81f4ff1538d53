import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { ClosureEntity, ClosureCellEntity } from '../../../lambdas/adapters/db/entities/closure';
import { mapIndexOf, storedPointersOf } from '../../../lambdas/adapters/closures/map-index';
import { indexGeometry } from '../../../lambdas/core/closures/geometry';
import {
  fineCellOf,
  fineCellsCovering,
  fineIndexOf,
  isOnMapIndex,
  MAX_FINE_CELLS,
  pointerMeets,
  viewPrecision,
} from '../../../lambdas/core/closures/map-index';
import type { ClosureRecord } from '../../../lambdas/core/closures/types';

const region = (...coordinates: [number, number][]) => ({ id: 'r1', createdAt: 0, updatedAt: 0, geometry: { type: 'LineString' as const, coordinates } });
/** A view `km` wide (4:3) around a point near Forbes. */
function viewAround(lng: number, lat: number, km: number) {
  const dLng = km / 2 / (111.32 * Math.cos((lat * Math.PI) / 180));
  const dLat = (km / 2 / 111.32) * 0.75;
  return { west: lng - dLng, east: lng + dLng, south: lat - dLat, north: lat + dLat };
}

function closure(view: ClosureRecord['view'], regions = [region([147.9, -33.4], [147.91, -33.401])]): ClosureRecord {
  const g = indexGeometry(regions);
  return {
    id: 'c1',
    lgaCode: '12900',
    view,
    active: view !== 'ARCHIVED' && view !== 'DELETED',
    condition: 'closed',
    type: 'flood',
    position: g.position,
    geohash: g.geohash,
    geohash4: g.geohash4,
    geohash7: g.geohash7,
    cells: g.cells,
    regions,
    media: [],
    subscriberCount: 0,
    version: 1,
    createdAt: 1,
    updatedAt: 1,
    ...(view === 'ARCHIVED' ? { archivedAt: 5, openedAt: 4 } : {}),
    ...(view === 'DELETED' ? { deletedAt: 5 } : {}),
  } as ClosureRecord;
}

describe('which closures are in the map index (sparse)', () => {
  it('keeps live, scheduled and recently opened closures, and leaves archived and deleted ones out', () => {
    for (const view of ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED'] as const) expect(isOnMapIndex(closure(view))).toBe(true);
    for (const view of ['ARCHIVED', 'DELETED'] as const) expect(isOnMapIndex(closure(view))).toBe(false);
    expect(isOnMapIndex({ view: 'ACTIVE', active: false })).toBe(false);
    expect(isOnMapIndex({ view: 'ACTIVE', deletedAt: 3 })).toBe(false);
  });

  it('writes the map keys of both precisions only while the closure is on the map', () => {
    const keysOf = (c: ClosureRecord) => {
      const { Item } = ClosureEntity.put({ ...c, ...mapIndexOf(c).fields } as never).params() as { Item: Record<string, unknown> };
      return { gsi1: Item.gsi1pk, gsi2: Item.gsi2pk, gsi3: Item.gsi3pk };
    };
    const live = closure('ACTIVE');
    expect(keysOf(live)).toEqual({ gsi1: 'LGA#12900#CLOSURES', gsi2: `GEO#${live.geohash4}`, gsi3: `MAP#${fineCellOf(live.geohash)}` });
    for (const view of ['ARCHIVED', 'DELETED'] as const) {
      // Still in its staff list (gsi1), in neither map index.
      expect(keysOf(closure(view))).toEqual({ gsi1: 'LGA#12900#CLOSURES', gsi2: undefined, gsi3: undefined });
    }
  });

  it('has no pointer items off the map, and knows which a stored closure has', () => {
    // Crosses the precision-4 cell edge at longitude 147.65625 (and precision-5 edges).
    const regions = [region([147.64, -33.56], [147.67, -33.561])];
    const live = closure('ACTIVE', regions);
    const index = mapIndexOf(live);
    expect(index.coarse.map((p) => p.geohash4)).toEqual(live.cells.filter((c) => c !== live.geohash4));
    expect(index.coarse.length).toBeGreaterThan(0);
    expect(index.fine.length).toBeGreaterThan(0);
    expect(index.coarse.every((p) => p.long === false && p.bbox.length === 4)).toBe(true);
    expect(mapIndexOf(closure('ARCHIVED', regions))).toMatchObject({ coarse: [], fine: [] });

    const stored = { ...live, ...index.fields };
    expect(storedPointersOf(stored)).toEqual({ coarse: index.coarse.map((p) => p.geohash4), fine: index.fine.map((p) => p.cell) });
    expect(storedPointersOf({ ...stored, view: 'ARCHIVED', active: false, archivedAt: 9 })).toEqual({ coarse: [], fine: [] });
    // A record from before the sparse index kept its coarse pointers whatever its view.
    const legacy = { ...live, view: 'ARCHIVED' as const, active: false, archivedAt: 9, mapCell: undefined, mapCells: undefined };
    expect(storedPointersOf(legacy).coarse).toEqual(index.coarse.map((p) => p.geohash4));
  });

  it('gives a long closure its fine presence through its coarse pointers', () => {
    // About 120 km along a parallel: far more than MAX_FINE_CELLS precision-5 cells.
    const long = closure('ACTIVE', [region([147.0, -33.4], [148.3, -33.41])]);
    const index = mapIndexOf(long);
    expect(index.fields.mapCell).toBe(`L${long.geohash4}`);
    expect(index.fine).toEqual([]);
    expect(index.coarse.length).toBeGreaterThan(0);
    expect(index.coarse.every((p) => p.long)).toBe(true);
    const { Item } = ClosureCellEntity.put(index.coarse[0]).params() as { Item: Record<string, unknown> };
    expect(Item.gsi2pk).toBe(`GEO#${index.coarse[0].geohash4}`);
    expect(Item.gsi3pk).toBe(`MAP#L${index.coarse[0].geohash4}`);
    const short = ClosureCellEntity.put({ ...index.coarse[0], long: false }).params() as { Item: Record<string, unknown> };
    expect(short.Item.gsi3pk).toBeUndefined();
  });
});

describe('the precision a view reads', () => {
  it('reads fine cells for a town view, precision-4 cells for a council view, LGA lists for a state view', () => {
    expect(viewPrecision(viewAround(147.93, -33.38, 5))).toBe('fine');
    expect(viewPrecision(viewAround(147.93, -33.38, 10))).toBe('coarse');
    expect(viewPrecision(viewAround(147.93, -33.38, 40))).toBe('coarse');
    expect(viewPrecision(viewAround(147.93, -33.38, 150))).toBe('coarse');
    expect(viewPrecision(viewAround(147.93, -33.38, 400))).toBe('lgas');
  });

  it('names a fine cell by its precision-5 cell and the quarter of it', () => {
    const hash = ngeohash.encode(-33.38, 147.93, 9);
    const cell = fineCellOf(hash);
    expect(cell).toMatch(/^[0-9b-hjkmnp-z]{5}[0-3]$/);
    expect(cell.slice(0, 5)).toBe(hash.slice(0, 5));
    // The four quarters of one precision-5 cell are the 8-character runs of its 6th character.
    const quarters = new Set('0123456789bcdefghjkmnpqrstuvwxyz'.split('').map((c) => fineCellOf(`${hash.slice(0, 5)}${c}`)));
    expect([...quarters].map((q) => q[5]).sort()).toEqual(['0', '1', '2', '3']);
    // Points in one quarter share the cell; a point 3 km away does not.
    expect(fineCellOf(ngeohash.encode(-33.38, 147.93, 7))).toBe(cell);
    expect(fineCellOf(ngeohash.encode(-33.38, 147.96, 7))).not.toBe(cell);
  });

  it('covers a town view with its fine cells and the long closures of its precision-4 cells', () => {
    const view = viewAround(147.93, -33.38, 5);
    const cells = fineCellsCovering(view);
    const fine = cells.filter((c) => !c.startsWith('L'));
    expect(fine.every((c) => c.length === 6)).toBe(true);
    expect(fine).toContain(fineCellOf(ngeohash.encode(-33.38, 147.93, 9)));
    // Every corner of the view is in a covered cell.
    for (const [lng, lat] of [[view.west, view.south], [view.east, view.north], [view.west, view.north], [view.east, view.south]]) {
      expect(fine).toContain(fineCellOf(ngeohash.encode(lat, lng, 9)));
    }
    expect(cells.filter((c) => c.startsWith('L'))).toContain(`L${ngeohash.encode(-33.38, 147.93, 4)}`);
    expect(cells.length).toBeLessThanOrEqual(16 + 4);
  });

  it('indexes a short closure in every fine cell it touches, its position first', () => {
    const regions = [region([147.64, -33.56], [147.67, -33.561])];
    const g = indexGeometry(regions);
    const fine = fineIndexOf(regions, g);
    expect(fine.long).toBe(false);
    expect(fine.mapCell).toBe(fineCellOf(g.geohash));
    for (const [lng, lat] of regions[0].geometry.coordinates) expect(fine.mapCells).toContain(fineCellOf(ngeohash.encode(lat, lng, 9)));
    // Its midpoint's cell and the cells between the ends (about 2.8 km of fine cells 2 km wide).
    expect(fine.mapCells.length).toBeGreaterThanOrEqual(2);
    expect(fine.mapCells.length).toBeLessThanOrEqual(MAX_FINE_CELLS);
    expect(fine.extra.every((e) => fineCellOf(e.geohash7) === e.cell)).toBe(true);
  });

  it("fetches a pointer's closure only when its box meets the view", () => {
    const view = { west: 147, south: -34, east: 148, north: -33 };
    expect(pointerMeets([147.5, -33.5, 147.6, -33.4], view)).toBe(true);
    expect(pointerMeets([148.1, -33.5, 148.2, -33.4], view)).toBe(false);
    // A pointer written before pointers carried boxes is always followed.
    expect(pointerMeets(undefined, view)).toBe(true);
  });
});
