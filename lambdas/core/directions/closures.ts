// Which closures a trip must keep off, and which precision-4 cells (the closure map index,
// docs/data.md#the-public-map-index) a trip touches, so only the closures along it are read.
import type { LineString, MultiLineString } from 'geojson';
import ngeohash from 'ngeohash';
import { effectiveView } from '../closure-views';
import { CELL_PRECISION } from '../closures/geometry';
import { HAND_DRAWN_ROAD_TOLERANCE_M } from '../closures/hand-drawn';
import type { ClosureRecord } from '../closures/types';
import type { RouteClosure } from '../roads/avoid';
import { degreeSpan, haversine, type Position } from '../roads/geo';

/**
 * A closure closes its roads when it is active now (not deleted, archived or reopened), its start
 * has come (a scheduled closure whose time has passed counts, even before the schedule moves it)
 * and its condition is `closed`. A `changed` closure is open with changed conditions (the demo's
 * single-lane roadworks), so routes may still use it.
 */
export function blocksTraffic(
  closure: Pick<ClosureRecord, 'active' | 'view' | 'condition' | 'scheduledFor' | 'regions'>,
  now: number,
): boolean {
  return closure.active && closure.condition === 'closed' && effectiveView(closure, now) === 'ACTIVE' && closure.regions.length > 0;
}

/**
 * The closure as the road engine takes it: one id, all its regions. A line drawn by hand closes
 * the graph's roads running along it within HAND_DRAWN_ROAD_TOLERANCE_M (the engine matches only
 * roads heading the same way, the nearest one at each point); a street the graph lacks has nothing
 * to keep off. Snapped lines in the same closure still match their own road first.
 */
export function routeClosureOf(closure: Pick<ClosureRecord, 'id' | 'regions'>): RouteClosure {
  const lines = closure.regions.map((r) => r.geometry.coordinates as Position[]);
  const geometry: LineString | MultiLineString =
    lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines };
  return closure.regions.some((r) => r.drawnByHand) ? { id: closure.id, geometry, tolerance: HAND_DRAWN_ROAD_TOLERANCE_M } : { id: closure.id, geometry };
}

/** Metres around a route within which a closure's cell is read (a closure line may sit 5 m off its road). */
export const ROUTE_CELL_MARGIN_M = 50;
/** A running box is flushed into cells once it spans this many degrees (a cell is 0.35° × 0.18°). */
const FLUSH_SPAN_DEG = 0.05;

function addCells(cells: Set<string>, west: number, south: number, east: number, north: number, marginM: number) {
  const { dLat, dLng } = degreeSpan((south + north) / 2, marginM);
  for (const cell of ngeohash.bboxes(south - dLat, west - dLng, north + dLat, east + dLng, CELL_PRECISION)) cells.add(cell);
}

/**
 * The cells a line passes through (plus a margin). Consecutive vertices are gathered into small
 * boxes first: a long route has thousands of vertices but touches only tens of cells. A long
 * straight segment is walked in short steps, so a diagonal does not claim its whole bounding box.
 */
export function cellsAlong(coordinates: readonly Position[], marginM = ROUTE_CELL_MARGIN_M, into = new Set<string>()): Set<string> {
  let box: [number, number, number, number] | null = null;
  const visit = (lng: number, lat: number) => {
    if (!box) {
      box = [lng, lat, lng, lat];
      return;
    }
    box = [Math.min(box[0], lng), Math.min(box[1], lat), Math.max(box[2], lng), Math.max(box[3], lat)];
    if (box[2] - box[0] > FLUSH_SPAN_DEG || box[3] - box[1] > FLUSH_SPAN_DEG) {
      addCells(into, ...box, marginM);
      box = [lng, lat, lng, lat];
    }
  };
  coordinates.forEach(([lng, lat], i) => {
    if (i > 0) {
      const [pLng, pLat] = coordinates[i - 1];
      const steps = Math.ceil(Math.max(Math.abs(lng - pLng), Math.abs(lat - pLat)) / FLUSH_SPAN_DEG);
      for (let s = 1; s < steps; s++) visit(pLng + ((lng - pLng) * s) / steps, pLat + ((lat - pLat) * s) / steps);
    }
    visit(lng, lat);
  });
  if (box) addCells(into, ...(box as [number, number, number, number]), marginM);
  return into;
}

export interface LatLngLike {
  lat: number;
  lng: number;
}

/**
 * For a router that gives no route before it is asked to avoid (Amazon Location): the cells
 * along each leg's straight line, widened by a tenth of the leg (10 to 50 km) for the road's wander.
 */
export function cellsAroundLegs(locations: readonly LatLngLike[], into = new Set<string>()): Set<string> {
  for (let i = 1; i < locations.length; i++) {
    const a = locations[i - 1];
    const b = locations[i];
    const margin = Math.min(50_000, Math.max(10_000, haversine(a.lng, a.lat, b.lng, b.lat) / 10));
    cellsAlong(
      [
        [a.lng, a.lat],
        [b.lng, b.lat],
      ],
      margin,
      into,
    );
  }
  return into;
}

export type Bbox = [west: number, south: number, east: number, north: number];

/** The box around some points, widened by `marginM`. */
export function bboxAround(points: Iterable<readonly [number, number]>, marginM: number): Bbox {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of points) {
    box[0] = Math.min(box[0], lng);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lng);
    box[3] = Math.max(box[3], lat);
  }
  const { dLat, dLng } = degreeSpan((box[1] + box[3]) / 2, marginM);
  return [box[0] - dLng, box[1] - dLat, box[2] + dLng, box[3] + dLat];
}
