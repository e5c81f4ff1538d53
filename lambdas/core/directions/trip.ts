// Directions on the embedded road engine, reading only the closures along the trip.
//
// Which closures matter depends on the route, and the route on the closures. So: route without
// closures, read the closure cells that route passes through, and re-route only when a closure
// found there blocks it; the detour may pass through new cells, which are read in turn. Spec §9
// caps the re-routes at 5. A trip whose cells outgrow MAX_TRIP_CELLS (a tour across the state)
// reads the closures of the LGAs around it instead (ClosureSource.inBounds). Never a scan.
import type { LineString, Polygon } from 'geojson';
import type { ClosureRecord } from '../closures/types';
import type { RouteClosure } from '../roads/avoid';
import type { EdgeStretch } from '../roads/engine';
import { ROUTE_SEARCH_RADIUS_M, type RoadEngine, type RouteOptions, type RouteResult, type RouteStep } from '../roads/engine';
import type { LatLng, Position } from '../roads/geo';
import { RoadError } from '../roads/engine';
import { bboxAround, blocksTraffic, cellsAlong, cellsAroundLegs, routeClosureOf, type Bbox } from './closures';
import { NO_ROUTE_FOR_VEHICLE, type TripUnsealed } from './unsealed';

/** Spec §9: directions re-route iterations, max 5. */
export const MAX_REROUTES = 5;
/** Cell partitions read for one trip before switching to the per-LGA lists (a route reads about 20 to 30 per 400 km). */
export const MAX_TRIP_CELLS = 300;
/** Room for detours around a trip read by LGA instead of by cell. */
const FALLBACK_MARGIN_M = 50_000;

/** Where closures are read from (lambdas/adapters/directions/closures.ts in the API). */
export interface ClosureSource {
  /** Every closure indexed in these precision-4 cells, in any state (filtered here). */
  inCells(cells: string[]): Promise<ClosureRecord[]>;
  /** Every active or scheduled closure of the LGAs whose extent meets the box. */
  inBounds(bbox: Bbox): Promise<ClosureRecord[]>;
}

const within = (inner: Bbox, outer: Bbox) => inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

/** The closures read so far for one trip, and what has been read. */
export class TripClosures {
  private readonly cells = new Set<string>();
  private readonly boxes: Bbox[] = [];
  private readonly blocking = new Map<string, RouteClosure>();
  /** Partition and list reads, for logs and the bench. */
  reads = 0;

  constructor(
    private readonly source: ClosureSource,
    private readonly now: number,
  ) {}

  /** Reads the closures along a line not read yet; returns the blocking closures new to the trip. */
  async along(coordinates: readonly Position[]): Promise<RouteClosure[]> {
    return this.read(cellsAlong(coordinates), coordinates);
  }

  /** Reads the closures around the straight legs between the locations (no route known yet). */
  async aroundLegs(locations: readonly LatLng[]): Promise<RouteClosure[]> {
    return this.read(
      cellsAroundLegs(locations),
      locations.map((l) => [l.lng, l.lat] as Position),
    );
  }

  all(): RouteClosure[] {
    return [...this.blocking.values()];
  }

  private async read(cells: Set<string>, points: readonly Position[]): Promise<RouteClosure[]> {
    const tight = bboxAround(points, 0);
    if (this.boxes.some((box) => within(tight, box))) return [];
    const wanted = [...cells].filter((cell) => !this.cells.has(cell));
    if (wanted.length === 0) return [];
    let records: ClosureRecord[];
    if (this.cells.size + wanted.length <= MAX_TRIP_CELLS) {
      records = await this.source.inCells(wanted);
      for (const cell of wanted) this.cells.add(cell);
      this.reads += wanted.length;
    } else {
      const box = bboxAround(points, FALLBACK_MARGIN_M);
      records = await this.source.inBounds(box);
      this.boxes.push(box);
      this.reads += 1;
    }
    const fresh: RouteClosure[] = [];
    for (const record of records) {
      if (this.blocking.has(record.id) || !blocksTraffic(record, this.now)) continue;
      const closure = routeClosureOf(record);
      this.blocking.set(record.id, closure);
      fresh.push(closure);
    }
    return fresh;
  }
}

export interface TripRequest {
  locations: LatLng[];
  avoidLocations: LatLng[];
  avoidPolygons: Polygon[];
  avoidClosures: boolean;
}

export interface TripPlan {
  geometry: LineString;
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  steps: RouteStep[];
  avoidedClosureIds: string[];
  crossesClosureIds: string[];
  /** LGAs whose unsealed roads the route keeps off for the vehicle's mass (none without one). */
  unsealedAvoidedLgaCodes?: string[];
  /** The stretches of road the route travels (the road engine's; saved trips tell by them which closures it runs along). */
  travelled?: EdgeStretch[];
}

/**
 * Indexes (0-based) of the locations the loaded graph cannot serve: no road within the radius the
 * engine searches for a route's ends. Such a trip may go to an external router where one is set up.
 */
export function offGraphLocations(engine: RoadEngine, locations: readonly LatLng[]): number[] {
  const out: number[] = [];
  locations.forEach((location, i) => {
    const nearest = engine.nearest(location);
    if (!nearest || nearest.distance > ROUTE_SEARCH_RADIUS_M) out.push(i);
  });
  return out;
}


/**
 * The fastest route through the locations, around every closure that blocks traffic (unless
 * `avoidClosures` is false), the avoid polygons and the avoid locations. Road errors (a location
 * too far from a road, no route) come from the engine with the location named.
 */
export async function planTrip(engine: RoadEngine, closures: TripClosures, request: TripRequest, unsealed?: TripUnsealed): Promise<TripPlan> {
  const userAvoid = { avoidLocations: request.avoidLocations, avoidPolygons: request.avoidPolygons };
  const options = (withClosures: boolean): RouteOptions => ({
    ...userAvoid,
    avoidEdges: unsealed?.edges(),
    closures: withClosures ? closures.all() : undefined,
  });
  let route = engine.route(request.locations, userAvoid);
  for (let i = 0; i < MAX_REROUTES; i++) {
    const fresh = await closures.along(route.geometry.coordinates as Position[]);
    // A road the vehicle must keep off is never traded for a shorter trip: checked on every route.
    const offLimits = unsealed ? await unsealed.check(route.edgeIds) : false;
    if (i === MAX_REROUTES - 1) break;
    const closed = request.avoidClosures && engine.closuresAlong(route.travelled, fresh).length > 0;
    if (!closed && !offLimits) break;
    route = reroute(engine, request.locations, options(request.avoidClosures), unsealed);
  }
  // The engine only knows the closures it was given; the last read may have found more.
  const crosses = engine.closuresAlong(route.travelled, closures.all());
  return {
    geometry: route.geometry,
    distance: route.distance,
    duration: route.duration,
    steps: route.steps,
    avoidedClosureIds: request.avoidClosures ? route.avoidedClosureIds.filter((id) => !crosses.includes(id)) : [],
    crossesClosureIds: crosses,
    travelled: route.travelled,
    unsealedAvoidedLgaCodes: unsealed ? [...unsealed.keptOffIn] : [],
  };
}

/** A route with the vehicle's off-limits roads blocked; says so when they leave no way through. */
function reroute(engine: RoadEngine, locations: LatLng[], options: RouteOptions, unsealed: TripUnsealed | undefined): RouteResult {
  try {
    return engine.route(locations, options);
  } catch (error) {
    if (unsealed && unsealed.edges().size > 0 && error instanceof RoadError && error.code === 442) {
      const open = engine.route(locations, { ...options, avoidEdges: undefined });
      if (open) throw new RoadError(NO_ROUTE_FOR_VEHICLE, 442);
    }
    throw error;
  }
}
