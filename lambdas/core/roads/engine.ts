import type { LineString } from 'geojson';
import { AppError } from '../errors';
import { avoidedEdges, ClosureEdgeCache, type AvoidPolygon, type RouteClosure } from './avoid';
import { haversine, isLatLng, type LatLng, type Position } from './geo';
import { componentOf, edgeCoordinates, isUnsealedEdge, roadLabel, roadNameOfEdge, roadRefOfEdge, type RoadGraph } from './graph';
import { defaultRoadGraphPath, loadRoadGraph } from './load';
import { loadLocalities, localityAt, type LocalityIndex } from './localities';
import { findLeg, legCoordinates, legEdges, type PathLeg } from './paths';
import { EdgeMask, RoadSearch } from './search';
import { snapPath } from './snap';
import { edgesInPolygon, nearestOnNetwork, projectionsNear, type EdgeProjection } from './spatial';
import { legSteps, type RouteStep } from './steps';
import { LastClosedRoads, type ClosedRoads, type EdgeStretch } from './stretches';

export type { RouteClosure, AvoidPolygon } from './avoid';
export type { LatLng } from './geo';
export type { EdgeStretch } from './stretches';
export type { RouteStep } from './steps';

/** A ValidationError carrying the road service's numeric error code (the spec's 172/442/443). */
export class RoadError extends AppError {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super('ValidationError', message);
  }
}

export const ROAD_ERRORS = {
  tooFewVertices: { code: 400, message: 'A polyline path needs at least two vertices' },
  tooFarApart: { code: 172, message: 'Distance between points is more than 10km. Please mark points closer together.' },
  noPath: { code: 442, message: 'No path found. Points may be too far apart.' },
  tooFarFromRoad: { code: 443, message: 'Too far from a road. Please zoom in and try again.' },
} as const;

/** Spec §9: road snapping search radius 100 m, at most 10 km between points. */
export const SNAP_SEARCH_RADIUS_M = 100;
export const SNAP_MAX_GAP_M = 10_000;
const SNAP_MAX_POINTS = 1000;
const ROUTE_MAX_LOCATIONS = 25;
/** Route ends may be off the (major-road) network, e.g. a town street: look this far for a road. */
export const ROUTE_SEARCH_RADIUS_M = 5_000;
const NEAREST_MAX_M = 100_000;
const GEOCODE_ROAD_RADIUS_M = 200;

export interface NearestRoad {
  name: string;
  location: LatLng;
  distance: number;
}

export interface SnapResult {
  geometry: LineString;
  distance: number;
  /** Edges the line runs along (in order), for mapping a closure onto the network. */
  edgeIds: number[];
}

export interface RouteOptions {
  avoidEdges?: Iterable<number>;
  avoidPolygons?: readonly AvoidPolygon[];
  avoidLocations?: readonly LatLng[];
  closures?: readonly RouteClosure[];
}

export interface RouteResult {
  geometry: LineString;
  distance: number;
  duration: number;
  steps: RouteStep[];
  edgeIds: number[];
  /** Closures the route would have crossed without them, and now goes around. */
  avoidedClosureIds: string[];
  /**
   * Closures whose closed stretch the returned route runs along (see runsAlong): when no open
   * route exists, or a location is on one. Sharing an edge with a closure is not crossing it.
   */
  crossesClosureIds: string[];
  /** The stretches of edges the route travels, for telling which closures it runs along. */
  travelled: EdgeStretch[];
}

function validPoint(point: unknown): point is LatLng {
  return isLatLng(point) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
}

function lineString(coordinates: Position[]): LineString {
  // A LineString needs two positions, even when both ends are the same spot.
  return { type: 'LineString', coordinates: coordinates.length === 1 ? [coordinates[0], coordinates[0]] : coordinates };
}

export interface RoadEngineOptions {
  localities?: LocalityIndex | (() => LocalityIndex);
}

export class RoadEngine {
  private readonly search: RoadSearch;
  private readonly closureEdges: ClosureEdgeCache;
  /** The edges a trip avoids, made on the first trip with avoid areas (an edge mask is a bit an edge). */
  private avoidMask: EdgeMask | undefined;
  private readonly fullMask: EdgeMask;
  /** Made on the first trip that cannot keep off a closure it starts or ends on. */
  private othersMask: EdgeMask | undefined;
  private readonly lastClosed = new LastClosedRoads();
  private localityIndex: LocalityIndex | undefined;

  constructor(
    readonly graph: RoadGraph,
    private readonly options: RoadEngineOptions = {},
  ) {
    this.search = new RoadSearch(graph);
    this.closureEdges = new ClosureEdgeCache(graph);
    this.fullMask = new EdgeMask(graph.edgeCount);
  }

  /** The nearest road to a point: its name (or a description), the snapped spot and the distance. */
  nearest(point: LatLng): NearestRoad | null {
    if (!validPoint(point)) throw new RoadError('Invalid coordinates', 400);
    const at = nearestOnNetwork(this.graph, point.lng, point.lat, NEAREST_MAX_M);
    if (!at) return null;
    return { name: roadLabel(this.graph, at.edge), location: { lat: at.lat, lng: at.lng }, distance: at.distance };
  }

  /** A road-following line through the points (map-matched: see snapPath). */
  snap(points: readonly LatLng[]): SnapResult {
    if (!Array.isArray(points) || points.length < 2) throw this.error('tooFewVertices');
    if (points.length > SNAP_MAX_POINTS) throw new RoadError(`A polyline path can have at most ${SNAP_MAX_POINTS} vertices`, 400);
    if (!points.every(validPoint)) throw new RoadError('Invalid coordinates', 400);
    for (let i = 1; i < points.length; i++) {
      if (haversine(points[i - 1].lng, points[i - 1].lat, points[i].lng, points[i].lat) > SNAP_MAX_GAP_M) throw this.error('tooFarApart');
    }
    const snapped = snapPath(this.graph, this.search, points, SNAP_SEARCH_RADIUS_M);
    if (typeof snapped === 'string') throw this.error(snapped);
    const { coordinates, distance, edgeIds } = snapped;
    return { geometry: lineString(coordinates), distance, edgeIds };
  }

  /** The edges a closure's line covers, in part or whole (cached per closure id and geometry). */
  edgesOfClosure(closure: RouteClosure): number[] {
    return this.closureEdges.edgesOf(closure);
  }

  /** The stretches of road a closure closes: edge and from–to metres along it. */
  stretchesOfClosure(closure: RouteClosure): EdgeStretch[] {
    return this.closureEdges.stretchesOf(closure);
  }

  /** Ids of the closures whose closed stretches a route's travelled stretches run along. */
  closuresAlong(travelled: readonly EdgeStretch[], closures: readonly RouteClosure[]): string[] {
    return this.closedRoads(closures).closuresAlong(travelled);
  }

  private closedRoads(closures: readonly RouteClosure[]): ClosedRoads {
    return this.lastClosed.of(closures, (closure) => this.closureEdges.stretchesOf(closure));
  }

  /**
   * The fastest route through the locations that uses no closed stretch of road, and no edge
   * inside an avoid polygon or within 50 m of an avoid location. A location on the open part of
   * a partly closed edge may drive away from the closed stretch. When closures leave no open
   * route, the route ignoring closures is returned with the closures it runs along listed.
   */
  route(locations: readonly LatLng[], options: RouteOptions = {}): RouteResult {
    if (!Array.isArray(locations) || locations.length < 2) throw new RoadError('You must provide at least 2 locations', 400);
    if (locations.length > ROUTE_MAX_LOCATIONS) throw new RoadError(`You can provide at most ${ROUTE_MAX_LOCATIONS} locations`, 400);
    const projections = this.routeEnds(locations);

    const userAvoided = avoidedEdges(this.graph, options);
    const userMask = userAvoided.size > 0 ? (this.avoidMask ??= new EdgeMask(this.graph.edgeCount)) : undefined;
    userMask?.clear();
    this.fullMask.clear();
    for (const edge of userAvoided) {
      userMask!.add(edge);
      this.fullMask.add(edge);
    }
    // A whole edge cannot be travelled past a closed stretch on it; its open parts are left to
    // the route's ends (findLeg).
    const closed = this.closedRoads(options.closures ?? []);
    for (const edge of closed.edges()) this.fullMask.add(edge);

    const legs: PathLeg[] = [];
    const wouldCross = new Set<string>();
    for (let i = 1; i < projections.length; i++) {
      const from = projections[i - 1];
      const to = projections[i];
      const blocked = userMask;
      // Closures rarely touch a given route, so try without them first: when the fastest route
      // crosses none, it is also the answer with them, and one search suffices.
      const free = findLeg(this.graph, this.search, from, to, { metric: 'duration', blocked });
      if (!free) {
        const reachable = blocked && findLeg(this.graph, this.search, from, to, { metric: 'duration' });
        throw new RoadError(reachable ? 'No route found that avoids the given areas' : 'No route found between these locations', 442);
      }
      const crossed = closed.closuresAlong(free.pieces);
      if (crossed.length === 0) {
        legs.push(free);
        continue;
      }
      for (const id of crossed) wouldCross.add(id);
      legs.push(this.aroundClosures(from, to, closed, userAvoided) ?? free);
    }

    const travelled: EdgeStretch[] = [];
    for (const leg of legs) for (const { edge, from, to } of leg.pieces) travelled.push({ edge, from, to });
    // One leg that crossed no closure was checked above, stretch for stretch the same as these
    // (several legs are checked together: a closure may run along the end of one and the start of the next).
    const crosses = new Set(legs.length === 1 && wouldCross.size === 0 ? [] : closed.closuresAlong(travelled));
    const coordinates: Position[] = [];
    const edgeIds: number[] = [];
    const steps: RouteStep[] = [];
    let distance = 0;
    let duration = 0;
    legs.forEach((leg, i) => {
      legCoordinates(this.graph, leg.pieces, coordinates);
      legEdges(leg.pieces, edgeIds);
      const arrival = i === legs.length - 1 ? 'Arrive at your destination' : `Arrive at waypoint ${i + 1}`;
      steps.push(...legSteps(this.graph, leg.pieces, arrival));
      distance += leg.distance;
      duration += leg.duration;
    });
    return {
      geometry: lineString(coordinates),
      distance,
      duration,
      steps,
      edgeIds,
      avoidedClosureIds: [...wouldCross].filter((id) => !crosses.has(id)),
      crossesClosureIds: [...crosses],
      travelled,
    };
  }

  /**
   * Where each location joins the network: its nearest road, but a location whose nearest road is
   * a fragment cut off from the main network joins the main network's nearest road within reach
   * instead, unless every location is on that one fragment. The NSW major roads leave 269 such
   * fragments (1,093 of 13,634 nodes: roads the source draws without their joins), and Dubbo's
   * locality centroid lay 2,129 m from a six-node one and 2,153 m from the Peak Hill Road: no trip
   * reached it.
   */
  private routeEnds(locations: readonly LatLng[]): EdgeProjection[] {
    const nearest = locations.map((location, i) => {
      if (!validPoint(location)) throw new RoadError(`Location ${i + 1} has invalid coordinates`, 400);
      const at = nearestOnNetwork(this.graph, location.lng, location.lat, ROUTE_SEARCH_RADIUS_M);
      if (!at) throw new RoadError(`Location ${i + 1} is too far from a road`, 443);
      return at;
    });
    const componentOfEdge = (edge: number) => componentOf(this.graph, this.graph.edgeFrom[edge]);
    const components = nearest.map((at) => componentOfEdge(at.edge));
    if (components.every((c) => c === components[0])) return nearest;
    const onMain = (edge: number) => componentOfEdge(edge) === 0;
    return nearest.map((at, i) =>
      components[i] === 0 ? at : (nearestOnNetwork(this.graph, locations[i].lng, locations[i].lat, ROUTE_SEARCH_RADIUS_M, onMain) ?? at),
    );
  }

  /**
   * The fastest leg keeping off every closed stretch (fullMask must hold the closed edges). A trip
   * starting or ending inside a closed stretch cannot keep off that closure: it then keeps off
   * the others, and the caller reports the crossing. Null when even that is impossible.
   */
  private aroundClosures(from: EdgeProjection, to: EdgeProjection, closed: ClosedRoads, userAvoided: ReadonlySet<number>): PathLeg | null {
    const leg = findLeg(this.graph, this.search, from, to, { metric: 'duration', blocked: this.fullMask, closed });
    if (leg) return leg;
    const unavoidable = new Set([...closed.closuresAt(from.edge, from.offset), ...closed.closuresAt(to.edge, to.offset)]);
    if (unavoidable.size === 0) return null;
    const others = closed.without(unavoidable);
    const othersMask = (this.othersMask ??= new EdgeMask(this.graph.edgeCount));
    othersMask.clear();
    for (const edge of userAvoided) othersMask.add(edge);
    for (const edge of others.edges()) othersMask.add(edge);
    return findLeg(this.graph, this.search, from, to, { metric: 'duration', blocked: othersMask, closed: others });
  }

  /** The unsealed edges among these (a route's edgeIds), each with a point midway along it. */
  unsealedAlong(edgeIds: readonly number[]): { edge: number; at: Position }[] {
    const out: { edge: number; at: Position }[] = [];
    for (const edge of new Set(edgeIds)) {
      if (!isUnsealedEdge(this.graph, edge)) continue;
      const shape = edgeCoordinates(this.graph, edge);
      out.push({ edge, at: shape[Math.floor(shape.length / 2)] as Position });
    }
    return out;
  }

  /** Every unsealed edge with a piece inside the polygons (outer ring first, then holes). */
  unsealedEdgesIn(polygons: readonly Position[][][]): number[] {
    const inside = new Set<number>();
    for (const rings of polygons) edgesInPolygon(this.graph, rings as Position[][], inside);
    return [...inside].filter((edge) => isUnsealedEdge(this.graph, edge));
  }

  /** "Road name, Locality, NSW" for a point; the road only when a named road is within 200 m. */
  reverseGeocode(point: LatLng): string | null {
    if (!validPoint(point)) return null;
    // The nearest NAMED road: the source data leaves short pieces of named roads unnamed.
    let road: string | null = null;
    for (const at of projectionsNear(this.graph, point.lng, point.lat, GEOCODE_ROAD_RADIUS_M)) {
      road = roadNameOfEdge(this.graph, at.edge) ?? roadRefOfEdge(this.graph, at.edge);
      if (road) break;
    }
    const locality = localityAt(this.localities(), point.lng, point.lat);
    if (!road && !locality) return null;
    return [road, locality?.name, locality?.state ?? 'NSW'].filter(Boolean).join(', ');
  }

  private localities(): LocalityIndex {
    if (!this.localityIndex) {
      const source = this.options.localities;
      this.localityIndex = typeof source === 'function' ? source() : (source ?? loadLocalities());
    }
    return this.localityIndex;
  }

  private error(kind: keyof typeof ROAD_ERRORS): RoadError {
    return new RoadError(ROAD_ERRORS[kind].message, ROAD_ERRORS[kind].code);
  }
}

let shared: RoadEngine | undefined;

/** The process-wide engine over the NSW graph (ROAD_GRAPH_PATH overrides the file). */
export function getRoadEngine(): RoadEngine {
  shared ??= new RoadEngine(loadRoadGraph(defaultRoadGraphPath()), { localities: () => loadLocalities() });
  return shared;
}
