import { describe, expect, it } from 'vitest';
import { RoadEngine, RoadError, type RouteClosure } from '../../../lambdas/core/roads/engine';
import { haversine } from '../../../lambdas/core/roads/geo';
import { componentOf, edgeCoordinates, isOneWay, nodeLat, nodeLng, roadClassOfEdge, type RoadGraph } from '../../../lambdas/core/roads/graph';
import { FORBES, forbesEngine, forbesGraph, graphOf, lineLength, pointAlong, road } from './support';

// Speeds as documented for the graph builder, restated here so the reference is independent.
const SPEED_KMH: Record<string, number> = { trunk: 90, primary: 80, secondary: 70, trunk_link: 50, primary_link: 45, secondary_link: 40 };

/** Textbook Dijkstra over the graph's edges, with weights recomputed from their geometry. */
function referenceRoute(graph: RoadGraph, from: number, to: number): { duration: number; distance: number } {
  const adjacency: { to: number; duration: number; distance: number }[][] = Array.from({ length: graph.nodeCount }, () => []);
  for (let e = 0; e < graph.edgeCount; e++) {
    const distance = lineLength(edgeCoordinates(graph, e));
    const duration = distance / (SPEED_KMH[roadClassOfEdge(graph, e)] / 3.6);
    adjacency[graph.edgeFrom[e]].push({ to: graph.edgeTo[e], duration, distance });
    if (!isOneWay(graph, e)) adjacency[graph.edgeTo[e]].push({ to: graph.edgeFrom[e], duration, distance });
  }
  const best = new Array<number>(graph.nodeCount).fill(Infinity);
  const length = new Array<number>(graph.nodeCount).fill(Infinity);
  const done = new Array<boolean>(graph.nodeCount).fill(false);
  best[from] = 0;
  length[from] = 0;
  for (;;) {
    let v = -1;
    for (let i = 0; i < graph.nodeCount; i++) if (!done[i] && best[i] < Infinity && (v < 0 || best[i] < best[v])) v = i;
    if (v < 0 || v === to) break;
    done[v] = true;
    for (const arc of adjacency[v]) {
      if (best[v] + arc.duration < best[arc.to]) {
        best[arc.to] = best[v] + arc.duration;
        length[arc.to] = length[v] + arc.distance;
      }
    }
  }
  return { duration: best[to], distance: length[to] };
}

function nodePoint(graph: RoadGraph, node: number) {
  return { lat: nodeLat(graph, node), lng: nodeLng(graph, node) };
}

/** A closure over the stretch of `line` between two distances along it, drawn as snap() would. */
function closureAlong(engine: RoadEngine, id: string, line: number[][], fromMetres: number, toMetres: number): RouteClosure {
  const points = [fromMetres, (fromMetres + toMetres) / 2, toMetres].map((m) => pointAlong(line, m));
  return { id, geometry: engine.snap(points).geometry };
}

describe('route', () => {
  it('finds the fastest route, matching an independent Dijkstra within 0.1%', () => {
    const graph = forbesGraph();
    const engine = forbesEngine();
    const main = [...Array(graph.nodeCount).keys()].filter((v) => componentOf(graph, v) === 0);
    let seed = 7;
    const pick = () => main[(seed = (seed * 48271) % 2147483647) % main.length];
    for (let i = 0; i < 25; i++) {
      const [a, b] = [pick(), pick()];
      if (a === b) continue;
      const expected = referenceRoute(graph, a, b);
      const route = engine.route([nodePoint(graph, a), nodePoint(graph, b)]);
      expect(Math.abs(route.duration - expected.duration)).toBeLessThanOrEqual(expected.duration * 0.001);
      expect(Math.abs(route.distance - expected.distance)).toBeLessThanOrEqual(expected.distance * 0.001);
      expect(lineLength(route.geometry.coordinates)).toBeCloseTo(route.distance, -1);
    }
  });

  it('starts and ends at the projections of the locations and gives steps', () => {
    const engine = forbesEngine();
    const to = { lat: -33.0, lng: 148.2 };
    const route = engine.route([FORBES, to]);
    const [startLng, startLat] = route.geometry.coordinates[0];
    expect(haversine(startLng, startLat, FORBES.lng, FORBES.lat)).toBeCloseTo(engine.nearest(FORBES)!.distance, 1);
    expect(route.steps[0].instruction).toMatch(/^Head (north|north-east|east|south-east|south|south-west|west|north-west) on Newell Highway$/);
    expect(route.steps.at(-1)!.instruction).toBe('Arrive at your destination');
    const stepDistance = route.steps.reduce((sum, step) => sum + step.distance, 0);
    expect(stepDistance).toBeCloseTo(route.distance, 3);
    expect(route.avoidedClosureIds).toEqual([]);
    expect(route.crossesClosureIds).toEqual([]);
  });

  it('goes through intermediate locations in order', () => {
    const engine = forbesEngine();
    const via = { lat: -33.3628, lng: 148.0233 };
    const direct = engine.route([FORBES, { lat: -33.5, lng: 147.8 }]);
    const through = engine.route([FORBES, via, { lat: -33.5, lng: 147.8 }]);
    expect(through.distance).toBeGreaterThan(direct.distance);
    expect(through.steps.some((step) => step.instruction === 'Arrive at waypoint 1')).toBe(true);
  });

  it('detours around a closure on the route and lists it as avoided', () => {
    const engine = forbesEngine();
    const to = { lat: -32.857, lng: 148.22906 };
    const open = engine.route([FORBES, to]);
    const closure = closureAlong(engine, 'newell-north', open.geometry.coordinates, 10_000, 12_000);
    const closed = engine.edgesOfClosure(closure);
    expect(closed.length).toBeGreaterThan(0);
    expect(open.edgeIds.some((e) => closed.includes(e))).toBe(true);

    const detour = engine.route([FORBES, to], { closures: [closure] });
    expect(detour.avoidedClosureIds).toEqual(['newell-north']);
    expect(detour.crossesClosureIds).toEqual([]);
    expect(detour.duration).toBeGreaterThan(open.duration);
    expect(detour.edgeIds.some((e) => closed.includes(e))).toBe(false);
  });

  it('routes around the closures of each call, the same closure objects or edited ones', () => {
    const engine = forbesEngine();
    const to = { lat: -32.857, lng: 148.22906 };
    const open = engine.route([FORBES, to]);
    const onRoute = closureAlong(engine, 'moved', open.geometry.coordinates, 10_000, 12_000);
    const elsewhere = closureAlong(engine, 'moved', engine.route([FORBES, { lat: -33.901, lng: 148.46697 }]).geometry.coordinates, 30_000, 31_000);
    const closures: RouteClosure[] = [{ ...elsewhere }];
    expect(engine.route([FORBES, to], { closures }).avoidedClosureIds).toEqual([]);
    // The same array and closure object, its line moved onto the route: the kept closed roads must not answer.
    closures[0].geometry = onRoute.geometry;
    expect(engine.route([FORBES, to], { closures }).avoidedClosureIds).toEqual(['moved']);
    // A new closure object with the old line, same id.
    closures[0] = { ...elsewhere };
    expect(engine.route([FORBES, to], { closures }).avoidedClosureIds).toEqual([]);
    expect(engine.route([FORBES, to], { closures: [...closures, onRoute] }).avoidedClosureIds).toEqual(['moved']);
  });

  it('ignores closures away from the route', () => {
    const engine = forbesEngine();
    const elsewhere = engine.route([FORBES, { lat: -33.901, lng: 148.46697 }]);
    const closure = closureAlong(engine, 'elsewhere', elsewhere.geometry.coordinates, 30_000, 31_000);
    const route = engine.route([FORBES, { lat: -32.857, lng: 148.22906 }], { closures: [closure] });
    expect(route.avoidedClosureIds).toEqual([]);
    expect(route.crossesClosureIds).toEqual([]);
  });

  it('returns the route across the closure when the closed road is the only way', () => {
    const engine = forbesEngine();
    const deadEnd = { lat: -33.901, lng: 148.46697 }; // the road to it leaves the data extent
    const open = engine.route([FORBES, deadEnd]);
    const closure = closureAlong(engine, 'only-road', open.geometry.coordinates, open.distance - 5_000, open.distance - 4_000);
    const route = engine.route([FORBES, deadEnd], { closures: [closure] });
    expect(route.crossesClosureIds).toEqual(['only-road']);
    expect(route.avoidedClosureIds).toEqual([]);
    expect(route.distance).toBeCloseTo(open.distance, 3);
  });

  it('keeps off roads near avoid locations and inside avoid polygons', () => {
    const engine = forbesEngine();
    const to = { lat: -32.857, lng: 148.22906 };
    const open = engine.route([FORBES, to]);
    const onRoute = pointAlong(open.geometry.coordinates, 20_000);
    const nearPoint = engine.route([FORBES, to], { avoidLocations: [onRoute] });
    expect(nearPoint.distance).toBeGreaterThan(open.distance);
    const d = 0.003;
    const square = {
      type: 'Polygon' as const,
      coordinates: [[[onRoute.lng - d, onRoute.lat - d], [onRoute.lng + d, onRoute.lat - d], [onRoute.lng + d, onRoute.lat + d], [onRoute.lng - d, onRoute.lat + d], [onRoute.lng - d, onRoute.lat - d]]],
    };
    const aroundPolygon = engine.route([FORBES, to], { avoidPolygons: [square] });
    expect(aroundPolygon.distance).toBeGreaterThan(open.distance);
    for (const [lng, lat] of aroundPolygon.geometry.coordinates) {
      expect(Math.abs(lng - onRoute.lng) < d && Math.abs(lat - onRoute.lat) < d).toBe(false);
    }
    const avoidEdges = new Set(open.edgeIds.filter((e) => !nearPoint.edgeIds.includes(e)));
    expect(avoidEdges.size).toBeGreaterThan(0);
    const aroundEdges = engine.route([FORBES, to], { avoidEdges });
    expect(aroundEdges.edgeIds.some((e) => avoidEdges.has(e))).toBe(false);
    expect(aroundEdges.distance).toBeGreaterThan(open.distance);
  });

  it('validates locations', () => {
    const engine = forbesEngine();
    const failure = (locations: { lat: number; lng: number }[]) => {
      try {
        engine.route(locations);
      } catch (error) {
        return error as RoadError;
      }
      throw new Error('expected route to fail');
    };
    expect(failure([FORBES]).message).toBe('You must provide at least 2 locations');
    const far = failure([FORBES, { lat: -30.0, lng: 140.0 }]);
    expect(far).toBeInstanceOf(RoadError);
    expect(far.errorType).toBe('ValidationError');
    expect(far.message).toBe('Location 2 is too far from a road');
  });
});

describe('one-way roads', () => {
  // A one-way road east from A to B, and a two-way loop north of it.
  const graph = graphOf([
    road([[148.0, -33.0], [148.01, -33.0]], { oneway: 'yes' }),
    road([[148.0, -33.0], [148.0, -32.99], [148.01, -32.99], [148.01, -33.0]]),
  ]);
  const engine = new RoadEngine(graph);
  const a = { lat: -33.0, lng: 148.0 };
  const b = { lat: -33.0, lng: 148.01 };

  it('takes the one-way road in its direction', () => {
    expect(engine.route([a, b]).distance).toBeCloseTo(haversine(148.0, -33.0, 148.01, -33.0), 0);
  });

  it('goes around instead of against it', () => {
    const back = engine.route([b, a]);
    expect(back.distance).toBeGreaterThan(3000);
    expect(back.geometry.coordinates.some(([, lat]) => lat > -32.995)).toBe(true);
  });

  it('respects the direction from a point partway along the one-way road', () => {
    const midway = { lat: -33.0, lng: 148.005 };
    expect(engine.route([midway, b]).distance).toBeCloseTo(haversine(148.005, -33.0, 148.01, -33.0), 0);
    expect(engine.route([b, midway]).distance).toBeGreaterThan(3000);
    expect(engine.route([midway, a]).distance).toBeGreaterThan(3000);
  });
});

describe('locations near a fragment cut off from the network', () => {
  // A main road east-west with a branch north; 1 km north of the branch's end, a short road that
  // joins nothing (as the source data leaves some), and a town point just north of it: nearer the
  // fragment (about 200 m) than the branch (about 1.1 km).
  const graph = graphOf([
    road([[148.0, -33.0], [148.05, -33.0]]),
    road([[148.05, -33.0], [148.05, -32.98]]),
    road([[148.045, -32.97], [148.055, -32.97]]),
  ]);
  const engine = new RoadEngine(graph);
  const start = { lat: -33.0, lng: 148.0 };
  const town = { lat: -32.968, lng: 148.05 };

  it('is reached through the nearest road of the main network', () => {
    const nearestEdge = engine.nearest(town);
    expect(nearestEdge?.distance).toBeLessThan(300);
    const trip = engine.route([start, town]);
    // Along the main road and up the branch to its end, the point nearest the town on the network.
    expect(trip.distance).toBeCloseTo(haversine(148.0, -33.0, 148.05, -33.0) + haversine(148.05, -33.0, 148.05, -32.98), -1);
    expect(engine.route([town, start]).distance).toBeCloseTo(trip.distance, -1);
  });

  it('keeps a trip whose every location is on the fragment on it', () => {
    const trip = engine.route([{ lat: -32.9705, lng: 148.046 }, { lat: -32.9705, lng: 148.054 }]);
    expect(trip.distance).toBeCloseTo(haversine(148.046, -32.97, 148.054, -32.97), -1);
  });
});
