// Saved-trip matching benchmark: 10,000 seeded saved trips on the NSW major roads graph
// (data/roads/build), indexed by the cells of their routes as the table indexes them, and one
// closure change on a busy trip's route: the time to find the trips near it and route each of
// them again with and without the closure (lambdas/core/alerts/saved-trips.ts), against the
// target of 10 s. In memory: the table's reads (a query per closure cell, a BatchGet per 100
// trips) are not timed here.
//   npx tsx bench/fanout-trips.ts
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closureCells, routeCells, tripEffectOf, type TripEffect } from '../lambdas/core/alerts/saved-trips';
import type { ClosureRecord } from '../lambdas/core/closures/types';
import type { ClosureSource } from '../lambdas/core/directions/trip';
import { getRoadEngine } from '../lambdas/core/roads/engine';
import type { LatLng, Position } from '../lambdas/core/roads/geo';
import { against, count, plain, type Figure } from './support/report';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 10_000);
/** Residents' trips gather around towns: this many hubs across NSW, trips starting near one. */
const HUBS = 12;
const TARGET_SECONDS = 10;

/** A small seeded generator (mulberry32): the same trips every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TripsBenchReport {
  printed: string;
  inputs: string;
  figures: Figure[];
}

export async function benchFanoutTrips(): Promise<TripsBenchReport> {
  const engine = getRoadEngine();
  const random = seeded(27);
  const onRoad = (p: LatLng): LatLng | undefined => {
    const near = engine.nearest(p);
    return near && near.distance < 2_000 ? near.location : undefined;
  };
  const hubs: LatLng[] = [];
  while (hubs.length < HUBS) {
    const hub = onRoad({ lng: 145 + random() * 7.5, lat: -36.5 + random() * 7 });
    if (hub) hubs.push(hub);
  }

  // Seeding (not timed): each trip's route and its cells, as saveTrip stores them.
  const seedStart = performance.now();
  const trips: { places: LatLng[] }[] = [];
  const index = new Map<string, number[]>();
  while (trips.length < TRIPS) {
    const hub = hubs[trips.length % HUBS];
    const from = onRoad({ lng: hub.lng + (random() - 0.5) * 0.6, lat: hub.lat + (random() - 0.5) * 0.6 });
    const to = onRoad({ lng: hub.lng + (random() - 0.5) * 1.6, lat: hub.lat + (random() - 0.5) * 1.6 });
    if (!from || !to) continue;
    let coordinates: Position[];
    try {
      coordinates = engine.route([from, to]).geometry.coordinates as Position[];
    } catch {
      continue; // no route between them on the graph
    }
    const id = trips.push({ places: [from, to] }) - 1;
    for (const cell of routeCells(coordinates)) index.set(cell, [...(index.get(cell) ?? []), id]);
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // The closure: 2 km in the middle of the first trip's route (a road residents use).
  const route = engine.route(trips[0].places).geometry.coordinates as Position[];
  const mid = Math.floor(route.length / 2);
  const line = engine.snap([route[mid], route[Math.min(route.length - 1, mid + 3)]].map(([lng, lat]) => ({ lng, lat }))).geometry;
  const now = Math.floor(Date.now() / 1000);
  const closure = { id: 'bench-closure', lgaCode: 'BENCH', view: 'ACTIVE', active: true, condition: 'closed', regions: [{ id: 'r', geometry: line }] } as unknown as ClosureRecord;
  const source: ClosureSource = {
    inCells: async (cells) => (cells.some((c) => closureCells(closure).has(c)) ? [closure] : []),
    inBounds: async () => [closure],
  };

  const start = performance.now();
  const near = new Set<number>();
  for (const cell of closureCells(closure)) for (const id of index.get(cell) ?? []) near.add(id);
  const effects: (TripEffect | undefined)[] = [];
  for (const id of near) effects.push(await tripEffectOf({ engine, source, now }, trips[id], closure, 'closure.created'));
  const seconds = (performance.now() - start) / 1000;
  const blocked = effects.filter((e) => e?.kind === 'blocked').length;
  const noWay = effects.filter((e) => e?.kind === 'noWayAround').length;

  const figures = [
    against(`one closure change matched against ${count(TRIPS)} saved trips`, `${seconds.toFixed(2)} s`, `≤ ${TARGET_SECONDS} s`, seconds <= TARGET_SECONDS),
    plain('saved trips routed again (their route cells meet the closure)', `${count(near.size)} of ${count(TRIPS)}`),
    plain('trips the closure blocks (way around / none)', `${count(blocked)} / ${count(noWay)}`),
  ];
  const printed = [
    `Saved trips: ${count(TRIPS)} seeded around ${HUBS} towns (${seedSeconds.toFixed(1)} s to route and index, not timed)`,
    ...figures.map((f) => `  ${f.figure}: ${f.measured}${f.target ? ` (target ${f.target}${f.holds ? '' : ', MISSED'})` : ''}`),
  ].join('\n');
  return { printed, inputs: `${count(TRIPS)} synthetic saved trips of 2 places on the NSW major roads graph, seeded (mulberry32, 27)`, figures };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchFanoutTrips().then(
    (report) => console.log(report.printed),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
