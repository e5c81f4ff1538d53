// The region proposed for a closure made from a report or cluster: about 200 m of the nearest road
// around the centre, snapped with the road engine. Where no road is near (or outside the NSW graph)
// nothing is proposed (`snapped: false`, with a tiny line at the centre only to show where): the
// moderator places the line on the road, snapped or drawn by hand, before approving.
import CheapRuler from 'cheap-ruler';
import type { LatLng, LineStringGeometry, Position } from '../closures/types';

export interface RoadSnapper {
  nearest(point: LatLng): { location: LatLng; distance: number } | null;
  snap(points: readonly LatLng[]): { geometry: { coordinates: number[][] }; distance: number };
}

const HALF_LENGTH_M = 100;
/** The nearest road must be this close to the centre to close it. */
const MAX_ROAD_DISTANCE_M = 150;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function fallbackRegion(center: LatLng): LineStringGeometry {
  const ruler = new CheapRuler(center.lat, 'meters');
  const a = ruler.destination([center.lng, center.lat], 5, 270);
  const b = ruler.destination([center.lng, center.lat], 5, 90);
  return { type: 'LineString', coordinates: [a, b].map(([x, y]) => [round6(x), round6(y)] as Position) };
}

/**
 * Tries four directions through the road point: the snapped path whose length is closest to
 * 200 m (and not a long detour) is the road's own stretch around the centre.
 */
export function regionAround(center: LatLng, engine: RoadSnapper | undefined): { geometry: LineStringGeometry; snapped: boolean } {
  if (!engine) return { geometry: fallbackRegion(center), snapped: false };
  try {
    const road = engine.nearest(center);
    if (!road || road.distance > MAX_ROAD_DISTANCE_M) return { geometry: fallbackRegion(center), snapped: false };
    const ruler = new CheapRuler(road.location.lat, 'meters');
    const at: [number, number] = [road.location.lng, road.location.lat];
    let best: { coordinates: number[][]; score: number } | undefined;
    for (const bearing of [0, 45, 90, 135]) {
      const [x1, y1] = ruler.destination(at, HALF_LENGTH_M, bearing);
      const [x2, y2] = ruler.destination(at, HALF_LENGTH_M, bearing + 180);
      try {
        const { geometry, distance } = engine.snap([{ lng: x1, lat: y1 }, road.location, { lng: x2, lat: y2 }]);
        const score = Math.abs(distance - 2 * HALF_LENGTH_M);
        if (distance > 0 && distance < 6 * HALF_LENGTH_M && geometry.coordinates.length >= 2 && (!best || score < best.score)) {
          best = { coordinates: geometry.coordinates, score };
        }
      } catch {
        // This direction leaves the road network; another may not.
      }
    }
    if (!best) return { geometry: fallbackRegion(center), snapped: false };
    return {
      geometry: { type: 'LineString', coordinates: best.coordinates.map(([x, y]) => [round6(x), round6(y)] as Position) },
      snapped: true,
    };
  } catch {
    return { geometry: fallbackRegion(center), snapped: false };
  }
}
