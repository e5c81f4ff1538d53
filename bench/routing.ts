// Routing benchmark on the NSW major-road network: our engine against geojson-path-finder and
// ngraph.path A* on the very same noded edges.
//   npx tsx bench/routing.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import * as gpfModule from 'geojson-path-finder';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { MAX_SPEED_KMH } from '../lambdas/core/roads/classes';
import { RoadEngine, type RouteClosure } from '../lambdas/core/roads/engine';
import { haversine } from '../lambdas/core/roads/geo';
import { componentOf, durationOfEdge, edgeCoordinates, nodeLat, nodeLng, type RoadGraph } from '../lambdas/core/roads/graph';
import { buildRoadGraphFromGeoJSON, projectRoot, readRoadGraph, writeRoadGraph } from '../lambdas/core/roads/load';
import { RoadSearch } from '../lambdas/core/roads/search';
import { benchPartialClosures } from './partial-closures';
import { COLD_LOADS, coldLoads } from './support/cold-loads';
import { against, plain, type Figure, type SectionReport } from './support/report';

const PAIRS = 1000;
const PEER_PAIRS = 1000;
const CLOSURES = 50;
const SNAP_REGIONS = 300;
const SEED = 20240601;

type GpfPath = { path: number[][]; weight: number } | undefined;
interface GpfFinder {
  findPath(a: Feature<Point>, b: Feature<Point>): GpfPath;
}
type GpfConstructor = new (network: FeatureCollection<LineString>, options: object) => GpfFinder;
// The package is CommonJS with an ES-module-style default export; either interop shape may arrive.
const gpfExports = gpfModule as unknown as { default: GpfConstructor | { default: GpfConstructor } };
const PathFinder: GpfConstructor = 'default' in gpfExports.default ? gpfExports.default.default : (gpfExports.default as GpfConstructor);

export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface Timing {
  p50: number;
  p95: number;
  mean: number;
  count: number;
  /** Each item's time in the order given, ms. */
  times: number[];
}

export function timeAll<T>(items: readonly T[], run: (item: T, i: number) => void, warmUp = 200): Timing {
  // Warm-up so the JIT has compiled the hot paths before anything is timed.
  for (let i = 0; i < Math.min(warmUp, items.length); i++) run(items[i], i);
  const times: number[] = [];
  items.forEach((item, i) => {
    const started = performance.now();
    run(item, i);
    times.push(performance.now() - started);
  });
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean: times.reduce((s, t) => s + t, 0) / times.length, count: times.length, times };
}

export function graphBytes(graph: RoadGraph): number {
  let total = 0;
  const seen = new Set<unknown>();
  for (const value of [...Object.values(graph), ...Object.values(graph.cells), ...Object.values(graph.vertexEdges), ...Object.values(graph.cch ?? {})]) {
    if (ArrayBuffer.isView(value) && !seen.has(value)) {
      seen.add(value);
      total += value.byteLength;
    }
  }
  return total;
}

export interface Outcome {
  duration: number;
  distance: number;
}

function agree(a: Outcome | null, b: Outcome | null): { same: boolean; length: boolean } | null {
  if (!a || !b) return null;
  return {
    same: Math.abs(a.duration - b.duration) <= 0.001 * Math.max(a.duration, 1e-9),
    length: Math.abs(a.distance - b.distance) <= 0.001 * Math.max(a.distance, 1e-9),
  };
}

function pathLength(path: number[][]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += haversine(path[i - 1][0], path[i - 1][1], path[i][0], path[i][1]);
  return total;
}

/** geojson-path-finder network from our noded edges; parallel edges keep the faster one, as it stores one edge per vertex pair. */
function gpfNetwork(graph: RoadGraph, blocked: ReadonlySet<number>): FeatureCollection<LineString> {
  const fastest = new Map<string, number>();
  for (let e = 0; e < graph.edgeCount; e++) {
    const a = graph.edgeFrom[e];
    const b = graph.edgeTo[e];
    if (a === b || blocked.has(e)) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    const current = fastest.get(key);
    if (current === undefined || durationOfEdge(graph, e) < durationOfEdge(graph, current)) fastest.set(key, e);
  }
  const features = [...fastest.values()].map(
    (e): Feature<LineString> => ({
      type: 'Feature',
      properties: { speed: graph.edgeLength[e] / durationOfEdge(graph, e) },
      geometry: { type: 'LineString', coordinates: edgeCoordinates(graph, e) },
    }),
  );
  return { type: 'FeatureCollection', features };
}

function gpfFinder(graph: RoadGraph, blocked: ReadonlySet<number>): GpfFinder {
  return new PathFinder(gpfNetwork(graph, blocked), {
    tolerance: 1e-9,
    weight: (a: number[], b: number[], props: { speed: number }) => haversine(a[0], a[1], b[0], b[1]) / props.speed,
  });
}

export function ngraphFinder(graph: RoadGraph, blocked: ReadonlySet<number>) {
  const g = createGraph<{ lng: number; lat: number }, { edge: number; duration: number }>({ multigraph: true });
  for (let v = 0; v < graph.nodeCount; v++) g.addNode(v, { lng: nodeLng(graph, v), lat: nodeLat(graph, v) });
  for (let e = 0; e < graph.edgeCount; e++) g.addLink(graph.edgeFrom[e], graph.edgeTo[e], { edge: e, duration: durationOfEdge(graph, e) });
  const maxSpeed = MAX_SPEED_KMH / 3.6;
  const finder = ngraphPath.aStar(g, {
    distance: (_a, _b, link) => link.data.duration,
    heuristic: (a, b) => haversine(a.data.lng, a.data.lat, b.data.lng, b.data.lat) / maxSpeed,
    blocked: (_a, _b, link) => blocked.has(link.data.edge),
  });
  return (from: number, to: number): Outcome | null => {
    const nodes = finder.find(from, to);
    if (nodes.length === 0) return from === to ? { duration: 0, distance: 0 } : null;
    let duration = 0;
    let distance = 0;
    for (let i = 1; i < nodes.length; i++) {
      let best: { duration: number; edge: number } | null = null;
      g.forEachLinkedNode(
        nodes[i - 1].id,
        (other, link) => {
          if (other.id === nodes[i].id && !blocked.has(link.data.edge) && (!best || link.data.duration < best.duration)) best = link.data;
        },
        false,
      );
      const chosen = best as { duration: number; edge: number } | null;
      if (!chosen) return null;
      duration += chosen.duration;
      distance += graph.edgeLength[chosen.edge];
    }
    return { duration, distance };
  };
}

export function pointAlong(line: number[][], metres: number): number[] {
  let left = metres;
  for (let i = 1; i < line.length; i++) {
    const step = haversine(line[i - 1][0], line[i - 1][1], line[i][0], line[i][1]);
    if (step >= left && step > 0) {
      const f = left / step;
      return [line[i - 1][0] + (line[i][0] - line[i - 1][0]) * f, line[i - 1][1] + (line[i][1] - line[i - 1][1]) * f];
    }
    left -= step;
  }
  return line[line.length - 1];
}

const ms = (value: number) => (value < 10 ? value.toFixed(3) : value.toFixed(1));

export async function benchRouting(): Promise<SectionReport> {
  const source = join(projectRoot(), 'data', 'roads', 'nsw-major-roads.geojson');
  const dir = mkdtempSync(join(tmpdir(), 'bench-roads-'));
  const file = join(dir, 'nsw.roadgraph');
  const lines: string[] = [];
  const figures: Figure[] = [];
  try {
    let started = performance.now();
    // Not kept: the built graph and the parsed GeoJSON must not weigh on the timed part's heap.
    const bytes = writeRoadGraph(buildRoadGraphFromGeoJSON(source), file);
    const buildMs = performance.now() - started;

    // The load as a cold start has it (fresh processes); this process's own load below runs on
    // code the build has compiled already.
    const cold = coldLoads(file);
    const heapBefore = process.memoryUsage();
    started = performance.now();
    const graph = readRoadGraph(file);
    const engine = new RoadEngine(graph);
    const loadMs = performance.now() - started;
    const heapAfter = process.memoryUsage();

    const next = random(SEED);
    const main: number[] = [];
    for (let v = 0; v < graph.nodeCount; v++) if (componentOf(graph, v) === 0) main.push(v);
    const pick = () => main[Math.floor(next() * main.length)];
    const pairs: [number, number][] = [];
    while (pairs.length < PAIRS) {
      const pair: [number, number] = [pick(), pick()];
      if (pair[0] !== pair[1]) pairs.push(pair);
    }
    const point = (v: number) => ({ lat: nodeLat(graph, v), lng: nodeLng(graph, v) });

    const mainEdges: number[] = [];
    for (let e = 0; e < graph.edgeCount; e++) if (componentOf(graph, graph.edgeFrom[e]) === 0) mainEdges.push(e);
    const closures: RouteClosure[] = Array.from({ length: CLOSURES }, (_, i) => ({
      id: `closure-${i}`,
      geometry: { type: 'LineString', coordinates: edgeCoordinates(graph, mainEdges[Math.floor(next() * mainEdges.length)]) },
    }));
    started = performance.now();
    const blocked = new Set<number>();
    for (const closure of closures) for (const e of engine.edgesOfClosure(closure)) blocked.add(e);
    const mappingMs = performance.now() - started;

    // Ours: the full route() API (projection, search, geometry, steps) and the bare search.
    const ours: (Outcome | null)[] = [];
    const oursClosed: (Outcome | null)[] = [];
    let diverted = 0;
    let noOpenRoute = 0;
    const oursOpen = timeAll(pairs, ([a, b], i) => {
      const r = engine.route([point(a), point(b)]);
      ours[i] = { duration: r.duration, distance: r.distance };
    });
    const oursWithClosures = timeAll(pairs, ([a, b], i) => {
      const r = engine.route([point(a), point(b)], { closures });
      oursClosed[i] = r.crossesClosureIds.length > 0 ? null : { duration: r.duration, distance: r.distance };
    });
    for (const [a, b] of pairs) {
      const r = engine.route([point(a), point(b)], { closures });
      if (r.avoidedClosureIds.length > 0) diverted++;
      if (r.crossesClosureIds.length > 0) noOpenRoute++;
    }
    const search = new RoadSearch(graph);
    const core = timeAll(pairs, ([a, b]) => search.run({ sources: [{ node: a, cost: 0 }], targets: [{ node: b, cost: 0 }], metric: 'duration' }));

    started = performance.now();
    const gpfOpen = gpfFinder(graph, new Set());
    const gpfBuildMs = performance.now() - started;
    const gpfClosed = gpfFinder(graph, blocked);
    const peerPairs = pairs.slice(0, PEER_PAIRS);
    const gpfRun = (finder: GpfFinder, out: (Outcome | null)[]) => ([a, b]: [number, number], i: number) => {
      const p = finder.findPath(
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [nodeLng(graph, a), nodeLat(graph, a)] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [nodeLng(graph, b), nodeLat(graph, b)] } },
      );
      out[i] = p ? { duration: p.weight, distance: pathLength(p.path) } : null;
    };
    const gpfResults: (Outcome | null)[] = [];
    const gpfResultsClosed: (Outcome | null)[] = [];
    const gpfTime = timeAll(peerPairs, gpfRun(gpfOpen, gpfResults));
    const gpfTimeClosed = timeAll(peerPairs, gpfRun(gpfClosed, gpfResultsClosed));

    started = performance.now();
    const ngraphOpen = ngraphFinder(graph, new Set());
    const ngraphBuildMs = performance.now() - started;
    const ngraphClosed = ngraphFinder(graph, blocked);
    const ngResults: (Outcome | null)[] = [];
    const ngResultsClosed: (Outcome | null)[] = [];
    const ngTime = timeAll(peerPairs, ([a, b], i) => (ngResults[i] = ngraphOpen(a, b)));
    const ngTimeClosed = timeAll(peerPairs, ([a, b], i) => (ngResultsClosed[i] = ngraphClosed(a, b)));

    const agreement = (mine: (Outcome | null)[], theirs: (Outcome | null)[]) => {
      let compared = 0;
      let same = 0;
      let length = 0;
      let bothNone = 0;
      let peerFaster = 0;
      theirs.forEach((t, i) => {
        const result = agree(mine[i], t);
        if (!result) {
          if (!mine[i] && !t) bothNone++;
          return;
        }
        compared++;
        if (result.same) same++;
        if (result.length) length++;
        if (t!.duration < mine[i]!.duration * 0.999) peerFaster++;
      });
      return `${same}/${compared} time, ${length}/${compared} length, peer faster ${peerFaster}${bothNone ? `, ${bothNone} both none` : ''}`;
    };

    // Snap: 5 points 400 m apart along random routes, each nudged up to ~10 m off the road.
    const regions: { lat: number; lng: number }[][] = [];
    for (const [a, b] of pairs) {
      if (regions.length >= SNAP_REGIONS) break;
      const r = engine.route([point(a), point(b)]);
      if (r.distance < 5000) continue;
      const offset = next() * (r.distance - 2000);
      const jitter = 14 / 111_320;
      regions.push(
        [0, 1, 2, 3, 4].map((k) => {
          const p = pointAlong(r.geometry.coordinates, offset + k * 400);
          return { lng: p[0] + (next() - 0.5) * jitter, lat: p[1] + (next() - 0.5) * jitter };
        }),
      );
    }
    let snapFailures = 0;
    const snapFailureCodes = new Map<number, number>();
    const snapTime = timeAll(regions, (region) => {
      try {
        engine.snap(region);
      } catch (error) {
        const code = (error as { code?: number }).code ?? 0;
        snapFailureCodes.set(code, (snapFailureCodes.get(code) ?? 0) + 1);
      }
    });
    for (const [, count] of snapFailureCodes) snapFailures += count;
    const partial = benchPartialClosures(engine, next);

    const row = (name: string, open: Timing, closed: Timing | null, note: string) =>
      `${name.padEnd(34)}${ms(open.p50).padStart(9)}${ms(open.p95).padStart(9)}${(closed ? ms(closed.p50) : '-').padStart(11)}${(closed ? ms(closed.p95) : '-').padStart(9)}   ${note}`;
    lines.push(
      `Routing: NSW major roads, ${graph.nodeCount} nodes, ${graph.edgeCount} edges; ${graph.cch ? `contraction hierarchy, ${graph.cch.up.length} upward arcs` : 'no hierarchy (A*)'}`,
      `  build GeoJSON -> graph file   ${(buildMs / 1000).toFixed(2)} s (${(bytes / 1e6).toFixed(1)} MB file)`,
      `  load file -> engine           ${cold.loadMs.toFixed(1)} ms cold start (median of ${COLD_LOADS} fresh processes, CPU ${cold.loadCpuMs.toFixed(1)} ms); ${loadMs.toFixed(1)} ms again in this process`,
      `  loaded graph memory           ${(graphBytes(graph) / 1e6).toFixed(1)} MB typed arrays (arrayBuffers +${((heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 1e6).toFixed(1)} MB)`,
      `  closures                      ${CLOSURES} random road pieces -> ${blocked.size} edges, mapped in ${mappingMs.toFixed(1)} ms (cached after)`,
      `  with closures                 ${diverted}/${PAIRS} routes diverted, ${noOpenRoute} with no open route`,
      '',
      `latency (ms), ${PAIRS} random routable node pairs (seed ${SEED})${PEER_PAIRS < PAIRS ? `; peers on the first ${PEER_PAIRS}` : ', the same for all'}`,
      `${''.padEnd(34)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p50 closed'.padStart(11)}${'p95'.padStart(9)}   agreement with engine (within 0.1%)`,
      row('engine route() (full API)', oursOpen, oursWithClosures, 'reference'),
      row('engine search only (node->node)', core, null, ''),
      row('geojson-path-finder (Dijkstra)', gpfTime, gpfTimeClosed, `open: ${agreement(ours, gpfResults)}; closed: ${agreement(oursClosed, gpfResultsClosed)}`),
      row('ngraph.path aStar (blocked cb)', ngTime, ngTimeClosed, `open: ${agreement(ours, ngResults)}; closed: ${agreement(oursClosed, ngResultsClosed)}`),
      '',
      `  ratio p50 open / closed: geojson-path-finder ${(gpfTime.p50 / oursOpen.p50).toFixed(1)}x / ${(gpfTimeClosed.p50 / oursWithClosures.p50).toFixed(1)}x slower, ` +
        `ngraph.path ${(ngTime.p50 / oursOpen.p50).toFixed(1)}x / ${(ngTimeClosed.p50 / oursWithClosures.p50).toFixed(1)}x slower`,
      `  peer graph build: geojson-path-finder ${(gpfBuildMs / 1000).toFixed(2)} s (rebuilt without closed edges for the closed run, not timed), ngraph ${(ngraphBuildMs / 1000).toFixed(2)} s`,
      `  snap, 5-point regions (${regions.length}): p50 ${ms(snapTime.p50)} ms, p95 ${ms(snapTime.p95)} ms, ${snapFailures} failed${snapFailures ? ` (codes ${[...snapFailureCodes].map(([c, n]) => `${c}: ${n}`).join(', ')}; counted during warm-up too)` : ''}`,
      ...partial,
    );
    // Targets for trips with closures (docs/road-engine.md#at-state-scale); the rest are for comparing runs.
    const p50p95 = (t: Timing) => `p50 ${ms(t.p50)} ms, p95 ${ms(t.p95)} ms`;
    const peerRatioClosed = ngTimeClosed.p50 / oursWithClosures.p50;
    figures.push(
      plain(`route, ${PAIRS} random pairs`, p50p95(oursOpen)),
      against(`route with ${CLOSURES} closures: p95`, p50p95(oursWithClosures), '≤ 2 ms', oursWithClosures.p95 <= 2),
      against(`ngraph.path A* with the same ${CLOSURES} closures, p50`, `${ms(ngTimeClosed.p50)} ms (${peerRatioClosed.toFixed(1)}× slower)`, '≥ 10× slower', peerRatioClosed >= 10),
      plain('geojson-path-finder on the same network, p50', `${ms(gpfTime.p50)} ms (${(gpfTime.p50 / oursOpen.p50).toFixed(1)}× slower)`),
      plain('ngraph.path A* on the same network, p50', `${ms(ngTime.p50)} ms (${(ngTime.p50 / oursOpen.p50).toFixed(1)}× slower)`),
      plain(`snap, ${regions.length} 5-point regions`, `${p50p95(snapTime)}, ${snapFailures} failed`),
      plain(`road graph: build, load (cold start, median of ${COLD_LOADS} fresh processes), memory`, `${(buildMs / 1000).toFixed(2)} s, ${cold.loadMs.toFixed(1)} ms, ${(graphBytes(graph) / 1e6).toFixed(1)} MB`),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    printed: lines.join('\n'),
    inputs: `NSW major roads (OpenStreetMap, not synthetic); ${PAIRS} random node pairs, ${CLOSURES} random road pieces closed and ${SNAP_REGIONS} snap regions, all synthetic (seed ${SEED})`,
    figures,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchRouting().then((report) => console.log(report.printed));
}
