// The LGA of a point (exact polygon test behind a bbox index) and the closure region made from
// a report's place (snapped along the road, or a tiny placeholder that passes validation).
import { describe, expect, it } from 'vitest';
import { areasFromGeoJSON, createLgaLocator, getLgaLocator } from '../../../lambdas/core/lga-locate';
import { fallbackRegion, regionAround, type RoadSnapper } from '../../../lambdas/core/reports/region';
import { ClosureInput } from '../../../lambdas/core/closures/input';

describe('lga-locate', () => {
  const square = (x: number, y: number, s: number) => [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]];
  const locator = createLgaLocator(
    areasFromGeoJSON({
      features: [
        { properties: { lga_code: '11111', lga_name: 'Donut' }, geometry: { type: 'Polygon', coordinates: [square(0, 0, 10), square(4, 4, 2)] } },
        { properties: { lga_code: '22222', lga_name: 'Hole' }, geometry: { type: 'MultiPolygon', coordinates: [[square(4.5, 4.5, 1)], [square(20, 20, 1)]] } },
      ],
    }),
  );

  it('honours holes and multipolygons', () => {
    expect(locator.locate(1, 1)?.code).toBe('11111');
    expect(locator.locate(4.2, 4.2)).toBeUndefined();
    expect(locator.locate(5, 5)?.code).toBe('22222');
    expect(locator.locate(20.5, 20.5)?.code).toBe('22222');
    expect(locator.locate(15, 15)).toBeUndefined();
  });

  it('finds Forbes, Weddin and Sydney from the real boundaries; the sea is in none', () => {
    const real = getLgaLocator();
    expect(real.locate(147.944298, -33.416541)?.code).toBe('12900');
    expect(real.locate(148.01, -33.88)?.code).toBe('18100');
    expect(real.locate(151.207, -33.87)?.code).toBe('17200');
    expect(real.locate(152, -40)).toBeUndefined();
  });
});

describe('regionAround', () => {
  const center = { lat: -33.4, lng: 147.9 };
  const valid = (geometry: unknown) => ClosureInput.safeParse({ lgaCode: '12900', type: 'flood', regions: [{ geometry }] }).success;

  it('falls back to a tiny valid line without a road engine or a road nearby', () => {
    expect(regionAround(center, undefined)).toMatchObject({ snapped: false });
    const far: RoadSnapper = { nearest: () => ({ location: center, distance: 5000 }), snap: () => { throw new Error('x'); } };
    const { geometry, snapped } = regionAround(center, far);
    expect(snapped).toBe(false);
    expect(geometry.coordinates).toHaveLength(2);
    expect(valid(geometry)).toBe(true);
    expect(valid(fallbackRegion(center))).toBe(true);
  });

  it('keeps the snapped stretch closest to 200 m', () => {
    const line = (len: number) => ({ geometry: { coordinates: [[147.9, -33.4], [147.9005, -33.4], [147.901, -33.4]] }, distance: len });
    let call = 0;
    const engine: RoadSnapper = { nearest: () => ({ location: center, distance: 10 }), snap: () => line([900, 210, 150, 400][call++]) };
    const { geometry, snapped } = regionAround(center, engine);
    expect(snapped).toBe(true);
    expect(geometry.coordinates).toHaveLength(3);
    expect(call).toBe(4);
    expect(valid(geometry)).toBe(true);
  });
});
