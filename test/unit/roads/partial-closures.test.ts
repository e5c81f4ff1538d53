// Closures block only the stretch of road they cover: trips on the open part of a partly closed
// edge drive away from it, and only closures a route runs along are reported as crossed.
import { describe, expect, it } from 'vitest';
import { RoadEngine, type EdgeStretch, type RouteClosure } from '../../../lambdas/core/roads/engine';
import { haversine } from '../../../lambdas/core/roads/geo';
import { FORBES, forbesEngine, graphOf, road } from './support';

/** The demo flood closure on the Newell Highway south-west of Forbes, drawn as snap() draws it. */
function floodClosure(engine: RoadEngine): RouteClosure {
  const points = [
    { lng: 147.85, lat: -33.47 },
    { lng: 147.89, lat: -33.45 },
  ].map((p) => engine.nearest(p)!.location);
  return { id: 'flood', geometry: engine.snap(points).geometry };
}

/** On the Newell Highway between the flood's north-east end and Forbes (same graph edge). */
const OPEN_PART = { lng: 147.91, lat: -33.44 };
/** On the Newell Highway further south-west, beyond the flood. */
const BEYOND = { lng: 147.8, lat: -33.5 };

/** Metres of the travelled stretches that overlap the closure's stretches. */
function overlapWith(travelled: readonly EdgeStretch[], closed: readonly EdgeStretch[]): number {
  let metres = 0;
  for (const t of travelled) {
    for (const c of closed) if (t.edge === c.edge) metres += Math.max(0, Math.min(t.to, c.to) - Math.max(t.from, c.from));
  }
  return metres;
}

describe('partial closures on the Forbes roads', () => {
  const engine = forbesEngine();
  const flood = floodClosure(engine);
  const [stretch] = engine.stretchesOfClosure(flood);

  it('closes only the flooded stretch of the long highway edge', () => {
    expect(engine.stretchesOfClosure(flood)).toHaveLength(1);
    expect(stretch.from).toBeGreaterThan(1000);
    const line = flood.geometry.coordinates as [number, number][];
    expect(stretch.to - stretch.from).toBeCloseTo(engine.snap(line.map(([lng, lat]) => ({ lng, lat }))).distance, -1);
    const start = engine.route([OPEN_PART, FORBES]).travelled[0];
    expect(start.edge).toBe(stretch.edge);
    expect(start.from).toBeGreaterThan(stretch.to);
  });

  it('a trip from the open part heading away from the closed stretch crosses nothing and makes no detour', () => {
    const plain = engine.route([OPEN_PART, FORBES]);
    const route = engine.route([OPEN_PART, FORBES], { closures: [flood] });
    expect(route.crossesClosureIds).toEqual([]);
    expect(route.avoidedClosureIds).toEqual([]);
    expect(route.distance).toBeCloseTo(plain.distance, 3);
  });

  it('a trip from the open part heading through the closed stretch detours around it', () => {
    const plain = engine.route([OPEN_PART, BEYOND]);
    expect(overlapWith(plain.travelled, [stretch])).toBeGreaterThan(5000);
    const route = engine.route([OPEN_PART, BEYOND], { closures: [flood] });
    expect(route.avoidedClosureIds).toEqual(['flood']);
    expect(route.crossesClosureIds).toEqual([]);
    expect(route.distance).toBeGreaterThan(plain.distance);
    expect(overlapWith(route.travelled, [stretch])).toBe(0);
  });

  it('both ends on the open part on one side: straight along the edge; on either side of it: around', () => {
    const nearer = { lng: 147.905, lat: -33.4425 };
    const along = engine.route([OPEN_PART, nearer], { closures: [flood] });
    expect(along.crossesClosureIds).toEqual([]);
    expect(along.avoidedClosureIds).toEqual([]);
    expect(along.distance).toBeLessThan(haversine(OPEN_PART.lng, OPEN_PART.lat, nearer.lng, nearer.lat) + 100);

    const southWest = { lng: 147.76, lat: -33.52 };
    expect(engine.route([southWest, FORBES]).travelled[0].edge).toBe(stretch.edge);
    const across = engine.route([OPEN_PART, southWest], { closures: [flood] });
    expect(across.avoidedClosureIds).toEqual(['flood']);
    expect(across.crossesClosureIds).toEqual([]);
    expect(overlapWith(across.travelled, [stretch])).toBe(0);
  });

  it('a trip starting inside the closed stretch runs along it and says so', () => {
    const inside = { lng: 147.87, lat: -33.46 };
    const route = engine.route([inside, FORBES], { closures: [flood] });
    expect(route.crossesClosureIds).toEqual(['flood']);
  });
});

describe('partial closures on a small network', () => {
  // A main road west to east along -33.0 with junctions at 148.01 and 148.02 (side roads north,
  // joined by a connector), and a loop from its west end round to its east end.
  const engine = new RoadEngine(
    graphOf([
      road([[148.0, -33.0], [148.01, -33.0], [148.02, -33.0], [148.03, -33.0]]),
      road([[148.01, -33.0], [148.01, -32.99], [148.02, -32.99], [148.02, -33.0]]),
      road([[148.0, -33.0], [148.0, -32.98], [148.03, -32.98], [148.03, -33.0]]),
    ]),
  );
  const main = (lng: number) => ({ lng, lat: -33.0 });
  const closure: RouteClosure = { id: 'mid', geometry: { type: 'LineString', coordinates: [[148.005, -33.0], [148.025, -33.0]] } };

  it('closes a whole edge and the parts of its neighbours the closure covers, to the metre', () => {
    const stretches = engine.stretchesOfClosure(closure).sort((a, b) => a.from - b.from || a.to - b.to);
    expect(stretches).toHaveLength(3);
    const length = (edge: number) => engine.graph.edgeLength[edge];
    const whole = stretches.filter((s) => s.from === 0 && s.to === length(s.edge));
    expect(whole).toHaveLength(1);
    const halfEdge = haversine(148.0, -33.0, 148.005, -33.0);
    const partial = stretches.filter((s) => s !== whole[0]);
    for (const s of partial) {
      expect(s.to - s.from).toBeCloseTo(halfEdge, -0.3); // within a metre or so
      expect(s.from === 0 || s.to === length(s.edge)).toBe(true);
    }
  });

  it('lets trips on the open ends drive away, and detours trips through it', () => {
    const away = engine.route([main(148.003), main(148.0)], { closures: [closure] });
    expect(away.crossesClosureIds).toEqual([]);
    expect(away.distance).toBeCloseTo(haversine(148.003, -33.0, 148.0, -33.0), 0);

    const through = engine.route([main(148.003), main(148.028)], { closures: [closure] });
    expect(through.avoidedClosureIds).toEqual(['mid']);
    expect(through.crossesClosureIds).toEqual([]);
    expect(through.geometry.coordinates.some(([, lat]) => lat > -32.985)).toBe(true);
    expect(overlapWith(through.travelled, engine.stretchesOfClosure(closure))).toBe(0);
  });

  it('reports an honest crossing when the closed road is the only way', () => {
    const single = new RoadEngine(graphOf([road([[148.0, -33.0], [148.03, -33.0]])]));
    const route = single.route([main(148.003), main(148.028)], { closures: [closure] });
    expect(route.crossesClosureIds).toEqual(['mid']);
    expect(route.avoidedClosureIds).toEqual([]);
    expect(route.distance).toBeCloseTo(haversine(148.003, -33.0, 148.028, -33.0), 0);
    // Both ends on the same partly closed edge, on one side of the closure: no crossing.
    const sameSide = single.route([main(148.001), main(148.004)], { closures: [closure] });
    expect(sameSide.crossesClosureIds).toEqual([]);
    expect(sameSide.distance).toBeCloseTo(haversine(148.001, -33.0, 148.004, -33.0), 0);
  });
});
