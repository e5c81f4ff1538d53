// A road graph's cold-start cost and memory, measured alone: each repeat is a fresh process that
// reads the file, parses it and makes the engine (as a Lambda's cold start does), then reports
// the time, its CPU time and the memory held, and times the geometry queries (nearest road, snap,
// matching a closure's line) on the same graph. The full state-scale bench (`npm run bench --
// scale`) also routes, which takes long at 1M nodes; this is the quick check of load and memory.
//   npx tsx bench/road-load.ts FILE [REPEATS]
// Build a synthetic graph first with bench/scale-build.ts (node --import tsx bench/scale-build.ts 1000000 20261127 /tmp/1M.roadgraph).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { RoadEngine } from '../lambdas/core/roads/engine';
import { edgeCoordinates } from '../lambdas/core/roads/graph';
import { readRoadGraph } from '../lambdas/core/roads/load';
import { pointAlong, random, timeAll } from './routing';
import { liveBytes } from './support/live-bytes';

interface Repeat {
  loadMs: number;
  loadCpuMs: number;
  /** Heap and external bytes held after the load, the file's bytes included. */
  afterLoad: number;
  /** The same after the queries below (what the engine allocates on first use counts here). */
  afterQueries: number;
  nearest: { p50: number; p95: number };
  snap: { p50: number; p95: number };
  closureMatch: { p50: number; p95: number };
}


function once(file: string): Repeat {
  const before = liveBytes();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const graph = readRoadGraph(file);
  const engine = new RoadEngine(graph);
  const loadMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const afterLoad = liveBytes() - before;

  const next = random(20261205);
  // Edges of at least 400 m: two clicks 300 m apart on one, and a line along one as a closure.
  const long: number[] = [];
  for (let e = 0; e < graph.edgeCount && long.length < 20_000; e++) if (graph.edgeLength[e]! >= 400) long.push(e);
  const pick = () => long[Math.floor(next() * long.length)]!;
  const jitter = () => (next() - 0.5) * 2e-4;
  const points = Array.from({ length: 2000 }, () => {
    const [lng, lat] = pointAlong(edgeCoordinates(graph, pick()), next() * 300);
    return { lng: lng! + jitter(), lat: lat! + jitter() };
  });
  const nearest = timeAll(points, (p) => engine.nearest(p));
  const clicks = Array.from({ length: 500 }, () => {
    const shape = edgeCoordinates(graph, pick());
    const start = next() * 50;
    return [start, start + 300].map((m) => pointAlong(shape, m)).map(([lng, lat]) => ({ lng: lng!, lat: lat! }));
  });
  const snap = timeAll(clicks, (c) => {
    try {
      engine.snap(c);
    } catch {
      // A refused snap is an answer too.
    }
  });
  const lines = Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, geometry: { type: 'LineString' as const, coordinates: edgeCoordinates(graph, pick()) } }));
  const closureMatch = timeAll(lines, (closure) => engine.stretchesOfClosure(closure), 50);
  const afterQueries = liveBytes() - before;
  const figures = (t: { p50: number; p95: number }) => ({ p50: t.p50, p95: t.p95 });
  return { loadMs, loadCpuMs: (used.user + used.system) / 1000, afterLoad, afterQueries, nearest: figures(nearest), snap: figures(snap), closureMatch: figures(closureMatch) };
}

function main(): void {
  const [file, repeatsArg, child] = process.argv.slice(2);
  if (!file) throw new Error('usage: npx tsx bench/road-load.ts FILE [REPEATS]');
  if (child === '--child') {
    console.log(JSON.stringify(once(file)));
    return;
  }
  const bytes = statSync(file).size;
  const repeats = Number(repeatsArg ?? 5);
  const header = JSON.parse(readFileSync(file).subarray(12, 12 + readFileSync(file).readUInt32LE(8)).toString('utf8')) as { nodeCount: number };
  console.log(`${file}: ${(bytes / 1e6).toFixed(1)} MB, ${header.nodeCount} nodes, ${(bytes / header.nodeCount).toFixed(1)} bytes a node; load average ${loadavg()[0]!.toFixed(1)}`);
  const ms = (n: number) => n.toFixed(n < 10 ? 3 : 0);
  for (let i = 0; i < repeats; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file, '1', '--child'], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const r = JSON.parse(out.trim().split('\n').pop()!) as Repeat;
    console.log(
      [
        `load ${ms(r.loadMs)} ms (CPU ${ms(r.loadCpuMs)} ms)`,
        `memory after load ${(r.afterLoad / 1e6).toFixed(0)} MB = ${(r.afterLoad / bytes).toFixed(2)}× the file`,
        `after queries ${(r.afterQueries / bytes).toFixed(2)}×`,
        `nearest p50/p95 ${ms(r.nearest.p50)}/${ms(r.nearest.p95)} ms`,
        `snap ${ms(r.snap.p50)}/${ms(r.snap.p95)} ms`,
        `closure match ${ms(r.closureMatch.p50)}/${ms(r.closureMatch.p95)} ms`,
        `load average ${loadavg()[0]!.toFixed(1)}`,
      ].join(' · '),
    );
  }
}

main();
