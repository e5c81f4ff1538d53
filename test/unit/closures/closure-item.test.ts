import { describe, expect, it } from 'vitest';
import { activityN, itemOf, toRecord } from '../../../lambdas/adapters/closures/store';
import { closureFromItem } from '../../../lambdas/adapters/db/closure-item';
import { ClosureEntity } from '../../../lambdas/adapters/db/entities/closure';
import { indexGeometry } from '../../../lambdas/core/closures/geometry';
import type { ClosureRecord } from '../../../lambdas/core/closures/types';

const regions = [
  { id: 'r1', createdAt: 1, updatedAt: 2, geometry: { type: 'LineString' as const, coordinates: [[147.9, -33.4], [147.91, -33.401]] as [number, number][] } },
  { id: 'r2', createdAt: 1, updatedAt: 2, geometry: { type: 'LineString' as const, coordinates: [[147.95, -33.45], [147.96, -33.46]] as [number, number][] } },
];

function closure(): ClosureRecord {
  const g = indexGeometry(regions);
  return {
    id: 'c1', lgaCode: '12900', view: 'ACTIVE', active: true, condition: 'closed', type: 'flood', reason: 'Water over the road',
    position: g.position, geohash: g.geohash, geohash4: g.geohash4, geohash7: g.geohash7, cells: g.cells,
    nearestLocation: { name: 'Forbes', distance: 0.2, location: { lat: -33.4, lng: 147.9 } },
    regions, media: [], subscriberCount: 3, version: 2, createdAt: 1, updatedAt: 2,
  } as ClosureRecord;
}

/** The item as DynamoDB holds it after ElectroDB's put. */
const stored = () => (ClosureEntity.put(itemOf(closure()) as never).params() as { Item: Record<string, unknown> }).Item;

describe('a closure item on the map read path', () => {
  it('stores the regions and the nearest location as one JSON string each', () => {
    const item = stored();
    expect(typeof item.regions).toBe('string');
    expect(JSON.parse(item.regions as string)).toEqual(regions);
    expect(JSON.parse(item.nearestLocation as string)).toEqual(closure().nearestLocation);
  });

  it('reads back exactly as ElectroDB parses it, keys and index fields left behind', () => {
    const item = stored();
    const parsed = ClosureEntity.parse({ Item: { ...item } })!.data!;
    const light = closureFromItem({ ...item });
    expect(light).toEqual(parsed);
    expect(light.regions).toEqual(regions);
    for (const key of ['pk', 'sk', 'gsi1pk', 'gsi2pk', 'gsi2sk', 'gsi3pk', '__edb_e__', '__edb_v__']) expect(light).not.toHaveProperty(key);
    expect(toRecord(light)).toMatchObject({ id: 'c1', regions, reason: 'Water over the road', subscriberCount: 3, version: 2 });
  });

  it('still reads an item written before, whose regions and nearest location are nested', () => {
    const legacy = { ...stored(), regions, nearestLocation: closure().nearestLocation };
    expect(ClosureEntity.parse({ Item: { ...legacy } })!.data!.regions).toEqual(regions);
    expect(closureFromItem(legacy).nearestLocation).toEqual(closure().nearestLocation);
    expect(closureFromItem(legacy)).toEqual(ClosureEntity.parse({ Item: { ...legacy } })!.data);
  });
});

describe('activity sort keys', () => {
  const second = 1_764_900_000;
  it('keep time order when a change is written in the second after its timestamp', () => {
    // Two changes stamped in the same second: the first written late in it, the second written
    // just after the second turned (the clock's own milliseconds would read 990 then 005).
    const first = activityN(second, second * 1000 + 990);
    const later = activityN(second, (second + 1) * 1000 + 5);
    expect(first < later).toBe(true);
    expect([later, first].sort()).toEqual([first, later]);
  });
  it('are unique for changes written in the same millisecond', () => {
    const at = second * 1000 + 400;
    expect(activityN(second, at)).not.toBe(activityN(second, at));
    expect(activityN(second, at).slice(0, 9)).toBe('000000400');
  });
});
