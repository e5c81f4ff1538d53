import { describe, expect, it } from 'vitest';
import { RoadEngine, RoadError } from '../../../lambdas/core/roads/engine';
import { haversine } from '../../../lambdas/core/roads/geo';
import { componentOf, edgeVertexStart, nodeLat, nodeLng, roadNameOfEdge, vertexLat, vertexLng } from '../../../lambdas/core/roads/graph';
import { FORBES, forbesEngine, forbesGraph, graphOf, lineLength, pointAlong, road } from './support';

function snapError(points: { lat: number; lng: number }[]): RoadError {
  try {
    forbesEngine().snap(points);
  } catch (error) {
    return error as RoadError;
  }
  throw new Error('expected snap to fail');
}

describe('nearest', () => {
  it('finds the Newell Highway in Forbes and snaps onto it', () => {
    const near = forbesEngine().nearest({ lat: -33.3866, lng: 148.0097 });
    expect(near?.name).toBe('Newell Highway');
    expect(near!.distance).toBeGreaterThan(0);
    expect(near!.distance).toBeLessThan(50);
    const moved = haversine(148.0097, -33.3866, near!.location.lng, near!.location.lat);
    expect(moved).toBeCloseTo(near!.distance, 0);
  });

  it('describes an unnamed road by its class', () => {
    // A secondary road north-west of Forbes, which the source data leaves unnamed.
    expect(forbesEngine().nearest({ lat: -33.3751, lng: 148.0035 })?.name).toBe('Secondary road');
  });
});

describe('snap', () => {
  it('follows the highway between points instead of cutting corners', () => {
    const engine = forbesEngine();
    const start = { lat: -33.4041, lng: 147.9828 };
    const end = { lat: -33.3628, lng: 148.0233 };
    const snapped = engine.snap([start, FORBES, end]);
    const straight = haversine(start.lng, start.lat, FORBES.lng, FORBES.lat) + haversine(FORBES.lng, FORBES.lat, end.lng, end.lat);
    expect(snapped.distance).toBeGreaterThanOrEqual(straight * 0.99);
    expect(snapped.distance).toBeLessThan(straight * 1.3);
    expect(lineLength(snapped.geometry.coordinates)).toBeCloseTo(snapped.distance, -1);
    // Every vertex of the result lies on the Newell Highway.
    for (const [lng, lat] of snapped.geometry.coordinates) {
      expect(engine.nearest({ lat, lng })!.distance).toBeLessThan(0.5);
    }
    const names = new Set(snapped.edgeIds.map((e) => roadNameOfEdge(forbesGraph(), e)));
    expect(names).toEqual(new Set(['Newell Highway']));
    // It starts and ends at the projections of the first and last points (partial edges).
    const [firstLng, firstLat] = snapped.geometry.coordinates[0];
    expect(haversine(firstLng, firstLat, start.lng, start.lat)).toBeCloseTo(engine.nearest(start)!.distance, 1);
  });

  it('runs along the road through midway points taken from a route', () => {
    const engine = forbesEngine();
    const route = engine.route([FORBES, { lat: -33.0, lng: 148.2 }]);
    const points = [2000, 4000, 6000].map((m) => pointAlong(route.geometry.coordinates, m));
    const snapped = engine.snap(points);
    expect(snapped.distance).toBeCloseTo(4000, -1);
  });

  it('keeps to one carriageway when a point is nearer the other one', () => {
    // Two carriageways 10 m apart, joined only at their ends 1 km away.
    const engine = new RoadEngine(
      graphOf([
        road([[148.0, -33.0], [148.02, -33.0]], { highway: 'motorway' }),
        road([[148.0, -33.0], [148.0, -33.00009], [148.02, -33.00009], [148.02, -33.0]], { highway: 'motorway' }),
      ]),
    );
    const wobbly = { lat: -33.00006, lng: 148.008 };
    expect(engine.nearest(wobbly)!.location.lat).toBeCloseTo(-33.00009, 6);
    const snapped = engine.snap([{ lat: -33.0, lng: 148.005 }, wobbly, { lat: -33.0, lng: 148.011 }]);
    expect(snapped.distance).toBeCloseTo(haversine(148.005, -33.0, 148.011, -33.0), -1);
    expect(snapped.geometry.coordinates.every(([, lat]) => lat === -33.0)).toBe(true);
  });

  it('rejects fewer than two points', () => {
    const error = snapError([FORBES]);
    expect(error).toBeInstanceOf(RoadError);
    expect(error.errorType).toBe('ValidationError');
    expect(error.message).toBe('A polyline path needs at least two vertices');
  });

  it('rejects points more than 10 km apart with code 172', () => {
    const error = snapError([FORBES, { lat: FORBES.lat - 0.1, lng: FORBES.lng }]);
    expect(error.code).toBe(172);
    expect(error.message).toBe('Distance between points is more than 10km. Please mark points closer together.');
  });

  it('rejects a point more than 100 m from any road with code 443', () => {
    const offRoad = { lat: -33.38, lng: 148.05 };
    expect(forbesEngine().nearest(offRoad)!.distance).toBeGreaterThan(100);
    const error = snapError([FORBES, offRoad]);
    expect(error.code).toBe(443);
    expect(error.message).toBe('Too far from a road. Please zoom in and try again.');
  });

  it('rejects points on roads that do not connect with code 442', () => {
    // The Olympic Highway stub in the south-east corner is cut off from the rest by the data extent.
    const graph = forbesGraph();
    const stub = [...Array(graph.edgeCount).keys()].find((e) => roadNameOfEdge(graph, e) === 'Olympic Highway')!;
    expect(componentOf(graph, graph.edgeFrom[stub])).not.toBe(0);
    const v = edgeVertexStart(graph.vertexEdges, stub);
    const onStub = { lng: vertexLng(graph, stub, v), lat: vertexLat(graph, stub, v) };
    const engine = forbesEngine();
    const near = [...Array(graph.nodeCount).keys()]
      .filter((n) => componentOf(graph, n) === 0)
      .map((n) => ({ lng: nodeLng(graph, n), lat: nodeLat(graph, n) }))
      .sort((a, b) => haversine(a.lng, a.lat, onStub.lng, onStub.lat) - haversine(b.lng, b.lat, onStub.lng, onStub.lat))[0];
    expect(haversine(near.lng, near.lat, onStub.lng, onStub.lat)).toBeLessThan(10_000);
    let error: RoadError | undefined;
    try {
      engine.snap([onStub, near]);
    } catch (e) {
      error = e as RoadError;
    }
    expect(error?.code).toBe(442);
    expect(error?.message).toBe('No path found. Points may be too far apart.');
  });
});
