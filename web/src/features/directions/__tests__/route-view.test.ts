import { describe, expect, it } from 'vitest';
import type { Route } from '../api/directions';
import { formatDuration } from '../format';
import { EMPTY_ROUTE, routeBbox, routeFeatures } from '../route-view';

const route: Route = {
  geometry: { type: 'LineString', coordinates: [[148.0, -33.4], [148.2, -33.1]] },
  distance: 40_000,
  duration: 1_800,
  steps: [],
  avoidedClosureIds: [],
  crossesClosureIds: [],
};
const from = { label: 'Forbes, NSW', coordinate: { lng: 147.9, lat: -33.45 } };
const to = { label: 'Parkes, NSW', coordinate: { lng: 148.2, lat: -33.1 } };

describe('formatDuration', () => {
  it('shows seconds, minutes, then hours with padded minutes', () => {
    expect(formatDuration(24.4)).toBe('24 s');
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(3_780)).toBe('1 h 03 min');
  });
});

describe('routeBbox', () => {
  it('covers the route and the places it was planned through, with a margin', () => {
    const [west, south, east, north] = routeBbox(route, [from.coordinate, to.coordinate])!;
    // 0.3° wide and 0.35° tall before the 10 % margin on each side.
    expect(west).toBeCloseTo(147.87, 5);
    expect(east).toBeCloseTo(148.23, 5);
    expect(south).toBeCloseTo(-33.485, 5);
    expect(north).toBeCloseTo(-33.065, 5);
  });
});

describe('routeFeatures', () => {
  const kinds = (collection: ReturnType<typeof routeFeatures>) => collection.features.map((f) => `${f.geometry.type}:${f.properties?.end ?? ''}`);

  it('has the line and the two ends, or nothing', () => {
    expect(kinds(routeFeatures(route, [from, to]))).toEqual(['LineString:', 'Point:from', 'Point:to']);
    expect(routeFeatures(null, [null, null])).toBe(EMPTY_ROUTE);
  });

  it('marks the stops between the ends, and only the places chosen', () => {
    const stop = { label: 'Bogan Gate, NSW', coordinate: { lng: 147.8, lat: -33.1 } };
    expect(kinds(routeFeatures(route, [from, stop, null, to]))).toEqual(['LineString:', 'Point:from', 'Point:stop', 'Point:to']);
    // To not chosen yet: the last place given is a stop, not To.
    expect(kinds(routeFeatures(null, [from, stop, null]))).toEqual(['Point:from', 'Point:stop']);
  });
});
