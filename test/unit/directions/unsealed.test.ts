// Vehicle-aware directions on a small network: a gravel shortcut between two sealed roads, and a
// gravel dead end. The rules stand in for the announcements table and the LGA boundaries.
import type { Position } from '../../../lambdas/core/roads/geo';
import { describe, expect, it } from 'vitest';
import { planTrip, TripClosures, type TripRequest } from '../../../lambdas/core/directions/trip';
import { NO_ROUTE_FOR_VEHICLE, TripUnsealed, type UnsealedRules } from '../../../lambdas/core/directions/unsealed';
import { surfaceOf } from '../../../lambdas/core/roads/classes';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import { deserializeRoadGraph, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { surfaceOfEdge } from '../../../lambdas/core/roads/graph';
import { graphOf, road } from '../roads/support';
import { MemoryClosures, NOW } from './support';

const A: Position = [148.0, -33.0];
const B: Position = [148.05, -33.0];
const C: Position = [148.0, -33.05];
const D: Position = [148.05, -33.05];
const E: Position = [148.09, -33.0];
const F: Position = [148.13, -33.0];
/** On Far Road, reached only by the Back Track. */
const FAR: Position = [148.11, -33.0];

function network() {
  const graph = graphOf([
    road([A, B], { highway: 'unclassified', name: 'Gravel Road', surface: 'gravel' }),
    road([A, C], { name: 'West Road', surface: 'asphalt' }),
    road([C, D], { name: 'South Road' }),
    road([D, B], { name: 'East Road', surface: 'paved' }),
    road([B, E], { highway: 'track', name: 'Not a road for cars' }),
    road([B, [148.085, -33.01], E], { highway: 'unclassified', name: 'Back Track', tracktype: 'grade3' }),
    road([E, F], { name: 'Far Road', surface: 'asphalt' }),
  ]);
  return new RoadEngine(graph, { localities: { size: 0 } as never });
}

/** Everything west of 148.08 is in LGA "west", the rest in "east"; each LGA's rule is given. */
function rules(keepOff: Record<string, (mass: number) => boolean>) {
  const reads: string[] = [];
  const box = (w: number, e: number): Position[][][] => [[[[w, -34], [e, -34], [e, -32], [w, -32], [w, -34]]]];
  const r: UnsealedRules = {
    lgaAt: ([lng]) => (lng < 148.08 ? 'west' : 'east'),
    async keepsOff(code, mass) {
      reads.push(code);
      return keepOff[code]?.(mass) ?? false;
    },
    boundary: (code) => (code === 'west' ? box(147, 148.08) : box(148.08, 149)),
  };
  return { r, reads };
}

const at = ([lng, lat]: Position) => ({ lng, lat });
// Starts on West Road just south of the junction, and ends on East Road (or at E).
const START: Position = [148.0, -33.003];
const END: Position = [148.05, -33.003];
const request = (to: Position): TripRequest => ({ locations: [at(START), at(to)], avoidLocations: [], avoidPolygons: [], avoidClosures: true });

async function drive(engine: RoadEngine, mass: number | undefined, keepOff: Record<string, (mass: number) => boolean>, to: Position = END) {
  const { r, reads } = rules(keepOff);
  const unsealed = mass === undefined ? undefined : new TripUnsealed(engine, r, mass);
  const plan = await planTrip(engine, new TripClosures(new MemoryClosures([]), NOW), request(to), unsealed);
  return { plan, reads, roads: plan.steps.map((s) => s.name).filter(Boolean) };
}

const restrictedTo = (max: number) => (mass: number) => mass > max;

describe('road surfaces from OSM tags', () => {
  it('reads surface first, then tracktype, else unknown', () => {
    expect(surfaceOf('gravel')).toBe('unsealed');
    expect(surfaceOf('unpaved')).toBe('unsealed');
    expect(surfaceOf('compacted;gravel')).toBe('unsealed');
    expect(surfaceOf('asphalt')).toBe('sealed');
    expect(surfaceOf('paved', 'grade4')).toBe('sealed');
    expect(surfaceOf(undefined, 'grade1')).toBe('sealed');
    expect(surfaceOf(undefined, 'grade3')).toBe('unsealed');
    expect(surfaceOf('something odd')).toBe('unknown');
    expect(surfaceOf(undefined)).toBe('unknown');
  });

  it('keeps each edge’s surface in the graph and through the file format', () => {
    const engine = network();
    const surfaces = (g: typeof engine.graph) =>
      Array.from({ length: g.edgeCount }, (_, e) => surfaceOfEdge(g, e)).sort();
    expect(surfaces(engine.graph)).toEqual(['sealed', 'sealed', 'sealed', 'unknown', 'unsealed', 'unsealed']);
    expect(surfaces(deserializeRoadGraph(serializeRoadGraph(engine.graph)))).toEqual(surfaces(engine.graph));
  });
});

describe('directions for a vehicle of a given mass', () => {
  it('takes the gravel shortcut when nothing restricts it', async () => {
    const { plan, roads, reads } = await drive(network(), 12, {});
    expect(roads).toContain('Gravel Road');
    expect(reads).toEqual(['west']);
    expect(plan.unsealedAvoidedLgaCodes).toEqual([]);
  });

  it('a 12 t truck keeps off the gravel road of an LGA restricted to 4.5 t, on sealed roads all the way', async () => {
    const engine = network();
    const shortcut = await drive(engine, undefined, { west: restrictedTo(4.5) });
    const truck = await drive(engine, 12, { west: restrictedTo(4.5) });
    expect(truck.roads).not.toContain('Gravel Road');
    expect(truck.roads).toEqual(expect.arrayContaining(['West Road', 'South Road', 'East Road']));
    expect(truck.plan.distance).toBeGreaterThan(shortcut.plan.distance * 2);
    expect(truck.plan.unsealedAvoidedLgaCodes).toEqual(['west']);
    // One read per LGA per trip, however often the trip is re-routed.
    expect(truck.reads).toEqual(['west']);
  });

  it('a car under the limit, and any trip without a mass, still use the gravel road', async () => {
    const engine = network();
    expect((await drive(engine, 2, { west: restrictedTo(4.5) })).roads).toContain('Gravel Road');
    expect((await drive(engine, 4.5, { west: restrictedTo(4.5) })).roads).toContain('Gravel Road');
    const noMass = await drive(engine, undefined, { west: () => true });
    expect(noMass.roads).toContain('Gravel Road');
    expect(noMass.reads).toEqual([]);
  });

  it('closed unsealed roads keep every vehicle off', async () => {
    const { roads, plan } = await drive(network(), 1, { west: () => true });
    expect(roads).not.toContain('Gravel Road');
    expect(plan.unsealedAvoidedLgaCodes).toEqual(['west']);
  });

  it('only the LGA that restricts counts: the east LGA’s track is still used', async () => {
    const { roads, plan } = await drive(network(), 12, { west: restrictedTo(4.5) }, FAR);
    expect(roads).toContain('Back Track');
    expect(roads).not.toContain('Gravel Road');
    expect(plan.unsealedAvoidedLgaCodes).toEqual(['west']);
  });

  it('says so when the only way in is an unsealed road closed to the vehicle', async () => {
    await expect(drive(network(), 12, { east: restrictedTo(4.5) }, FAR)).rejects.toMatchObject({ message: NO_ROUTE_FOR_VEHICLE, code: 442 });
  });
});
