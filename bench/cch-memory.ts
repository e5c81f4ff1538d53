// The contraction hierarchy's memory once closures are in use, and the time of the trips that put
// it there. Each repeat is a fresh process: it loads the graph and makes the engine, then routes
// long and local trips (picked as bench/scale.ts picks them) with 50 active closures, then a mixed
// run where every fifth trip also has its own avoid areas (a polygon and a location near its
// middle, so its search has a closed set of its own), then a second set of 50 closures, and
// reports the memory held after each stage and the trips' times.
//   npx tsx bench/cch-memory.ts FILE [REPEATS]
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { RoadEngine, type RouteOptions } from '../lambdas/core/roads/engine';
import { readRoadGraph } from '../lambdas/core/roads/load';
import { nodeLat, nodeLng } from '../lambdas/core/roads/graph';
import { timeAll, type Timing } from './routing';
import { scaleTrips } from './scale';
import { liveBytes } from './support/live-bytes';

const AVOID_EVERY = 5;

interface Repeat {
  loadMs: number;
  afterLoad: number;
  afterClosures: number;
  afterAvoid: number;
  afterSecondSet: number;
  times: Record<string, Pick<Timing, 'p50' | 'p95' | 'mean'>>;
}

type Pair = [number, number];

function once(file: string): Repeat {
  const before = liveBytes();
  const started = performance.now();
  const graph = readRoadGraph(file);
  const engine = new RoadEngine(graph);
  const loadMs = performance.now() - started;
  const afterLoad = liveBytes() - before;

  // The state-scale bench's own trips and closures (bench/scale.ts).
  const { long, local, closures, moreClosures } = scaleTrips(graph);
  const point = (v: number) => ({ lat: nodeLat(graph, v), lng: nodeLng(graph, v) });
  const route = (options: RouteOptions) => ([a, b]: Pair) => {
    try {
      engine.route([point(a), point(b)], options);
    } catch (error) {
      // One-way streets leave a few nodes that cannot be reached: "no route" is an answer too.
      if ((error as { code?: number }).code !== 442) throw error;
    }
  };
  const figures = (t: Timing) => ({ p50: t.p50, p95: t.p95, mean: t.mean });
  const times: Repeat['times'] = {};
  times.longClosed = figures(timeAll(long, route({ closures })));
  times.localClosed = figures(timeAll(local, route({ closures })));
  const afterClosures = liveBytes() - before;

  // Mixed: every fifth local trip avoids a 600 m square and a location around its middle node.
  const avoidOf = ([a, b]: Pair): RouteOptions => {
    const lng = (nodeLng(graph, a) + nodeLng(graph, b)) / 2;
    const lat = (nodeLat(graph, a) + nodeLat(graph, b)) / 2;
    const d = 0.003;
    const square = [[lng - d, lat - d], [lng + d, lat - d], [lng + d, lat + d], [lng - d, lat + d], [lng - d, lat - d]];
    return { closures, avoidPolygons: [{ type: 'Polygon', coordinates: [square] }], avoidLocations: [{ lng: lng + 2 * d, lat }] };
  };
  const mixed = local.map((pair, i) => ({ pair, avoid: i % AVOID_EVERY === 0 }));
  const plainTimes: number[] = [];
  const avoidTimes: number[] = [];
  for (const [i, { pair, avoid }] of mixed.entries()) {
    const startedTrip = performance.now();
    route(avoid ? avoidOf(pair) : { closures })(pair);
    if (i >= 50) (avoid ? avoidTimes : plainTimes).push(performance.now() - startedTrip);
  }
  const summary = (list: number[]) => {
    const sorted = [...list].sort((x, y) => x - y);
    return { p50: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]!, mean: list.reduce((s, t) => s + t, 0) / list.length };
  };
  times.mixedClosed = summary(plainTimes);
  times.mixedAvoid = summary(avoidTimes);
  const afterAvoid = liveBytes() - before;

  // Another set of active closures, then back to the first.
  const second = moreClosures('second');
  times.longSecondSet = figures(timeAll(long.slice(0, 300), route({ closures: second }), 20));
  times.switchBack = figures(timeAll(long.slice(300, 400), (pair, i) => route({ closures: i % 2 ? closures : second })(pair), 10));
  const afterSecondSet = liveBytes() - before;
  return { loadMs, afterLoad, afterClosures, afterAvoid, afterSecondSet, times };
}

function main(): void {
  const [file, repeatsArg, child] = process.argv.slice(2);
  if (!file) throw new Error('usage: npx tsx bench/cch-memory.ts FILE [REPEATS]');
  if (child === '--child') {
    console.log(JSON.stringify(once(file)));
    return;
  }
  const bytes = statSync(file).size;
  const repeats = Number(repeatsArg ?? 1);
  console.log(`${file}: ${(bytes / 1e6).toFixed(1)} MB; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const x = (b: number) => `${(b / 1e6).toFixed(0)} MB ${(b / bytes).toFixed(2)}×`;
  const ms = (n: number) => n.toFixed(3);
  for (let i = 0; i < repeats; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file, '1', '--child'], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const r = JSON.parse(out.trim().split('\n').pop()!) as Repeat;
    console.log(`load ${r.loadMs.toFixed(0)} ms · memory after load ${x(r.afterLoad)} · with closures ${x(r.afterClosures)} · after avoid trips ${x(r.afterAvoid)} · after a second set ${x(r.afterSecondSet)}`);
    console.log(
      Object.entries(r.times)
        .map(([name, t]) => `${name} p50/p95/mean ${ms(t.p50)}/${ms(t.p95)}/${ms(t.mean)} ms`)
        .join('\n'),
    );
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  }
}

main();
