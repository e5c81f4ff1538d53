// Where a route's time goes on a synthetic state-scale graph: the same long and local trips and
// closures as bench/scale.ts, timed whole and in parts.
//   npx tsx bench/local-profile.ts FILE.roadgraph
import { readFileSync } from 'node:fs';
import KDBush from 'kdbush';
import { RoadEngine, type RouteClosure } from '../lambdas/core/roads/engine';
import { deserializeRoadGraph } from '../lambdas/core/roads/format';
import { haversine } from '../lambdas/core/roads/geo';
import { edgeCoordinates, nodeLat, nodeLng } from '../lambdas/core/roads/graph';
import { findLeg, legCoordinates } from '../lambdas/core/roads/paths';
import { EdgeMask, RoadSearch } from '../lambdas/core/roads/search';
import { nearestOnNetwork } from '../lambdas/core/roads/spatial';
import { legSteps } from '../lambdas/core/roads/steps';
import { ClosedRoads } from '../lambdas/core/roads/stretches';
import { ngraphFinder, random, timeAll } from './routing';

const SEED = 20261127;
const TRIPS = 1000;
const file = process.argv[2] ?? '/work/g/1M.roadgraph';
const peer = process.argv.includes('--peer');
const graph = deserializeRoadGraph(readFileSync(file));
const engine = new RoadEngine(graph);
const next = random(SEED);
const main: number[] = [];
for (let v = 0; v < graph.nodeCount; v++) if (graph.nodeComponent[v] === 0) main.push(v);
const pick = () => main[Math.floor(next() * main.length)]!;
const long: [number, number][] = [];
while (long.length < TRIPS) {
  const pair: [number, number] = [pick(), pick()];
  if (pair[0] !== pair[1]) long.push(pair);
}
const index = new KDBush(main.length);
const kx = 111_320 * Math.cos((nodeLat(graph, main[0]!) * Math.PI) / 180);
for (const v of main) index.add(nodeLng(graph, v) * kx, nodeLat(graph, v) * 110_574);
index.finish();
const local: [number, number][] = [];
while (local.length < TRIPS) {
  const a = pick();
  const near = index.within(nodeLng(graph, a) * kx, nodeLat(graph, a) * 110_574, 20_000);
  const b = main[near[Math.floor(next() * near.length)]!]!;
  if (b !== a && haversine(nodeLng(graph, a), nodeLat(graph, a), nodeLng(graph, b), nodeLat(graph, b)) <= 20_000) local.push([a, b]);
}
const point = (v: number) => ({ lat: nodeLat(graph, v), lng: nodeLng(graph, v) });
const mainEdges: number[] = [];
for (let e = 0; e < graph.edgeCount; e++) if (graph.nodeComponent[graph.edgeFrom[e]!] === 0) mainEdges.push(e);
const closures: RouteClosure[] = Array.from({ length: 50 }, (_, i) => ({
  id: `closure-${i}`,
  geometry: { type: 'LineString', coordinates: edgeCoordinates(graph, mainEdges[Math.floor(next() * mainEdges.length)]!) },
}));
const blocked = new Set<number>();
for (const closure of closures) for (const e of engine.edgesOfClosure(closure)) blocked.add(e);
const mask = new EdgeMask(graph.edgeCount);
for (const e of blocked) mask.add(e);

const search = new RoadSearch(graph);
const f = (t: { p50: number; p95: number; mean: number }) => `p50 ${t.p50.toFixed(3)} p95 ${t.p95.toFixed(3)} mean ${t.mean.toFixed(3)}`;
for (const [name, trips] of [
  ['local', local],
  ['long', long],
] as const) {
  const routeClosed = timeAll(trips, ([a, b]) => {
    try {
      engine.route([point(a), point(b)], { closures });
    } catch {
      // no route
    }
  });
  const snapEnds = timeAll(trips, ([a, b]) => {
    nearestOnNetwork(graph, nodeLng(graph, a), nodeLat(graph, a), 5000);
    nearestOnNetwork(graph, nodeLng(graph, b), nodeLat(graph, b), 5000);
  });
  const closedSet = timeAll(trips, () => {
    const closed = new ClosedRoads();
    for (const c of closures) closed.add(c.id, engine.stretchesOfClosure(c));
  });
  const searchOnly = timeAll(trips, ([a, b]) => search.run({ sources: [{ node: a, cost: 0 }], targets: [{ node: b, cost: 0 }], metric: 'duration', blocked: mask }));
  const projections = trips.map(([a, b]) => [nearestOnNetwork(graph, nodeLng(graph, a), nodeLat(graph, a), 5000)!, nearestOnNetwork(graph, nodeLng(graph, b), nodeLat(graph, b), 5000)!] as const);
  const legs = projections.map(([p, q]) => findLeg(graph, search, p, q, { metric: 'duration' }));
  const legTime = timeAll(projections, ([p, q]) => findLeg(graph, search, p, q, { metric: 'duration' }));
  const stepsTime = timeAll(legs, (leg) => leg && legSteps(graph, leg.pieces, 'Arrive'));
  const coordsTime = timeAll(legs, (leg) => leg && legCoordinates(leg.pieces));
  let arcs = 0;
  for (const leg of legs) arcs += leg?.pieces.length ?? 0;
  console.log(`${name}: route closed ${f(routeClosed)}`);
  console.log(`  snap both ends ${f(snapEnds)}; closed set ${f(closedSet)}`);
  console.log(`  search only (closed, node to node, unpacked) ${f(searchOnly)}`);
  console.log(`  findLeg open ${f(legTime)}; steps ${f(stepsTime)}; coordinates ${f(coordsTime)}; pieces a leg ${(arcs / legs.length).toFixed(0)}`);
  if (peer) {
    const ng = ngraphFinder(graph, blocked);
    const ngTime = timeAll(trips.slice(0, 200), ([a, b]) => ng(a, b), 10);
    console.log(`  ngraph closed ${f(ngTime)}`);
  }
}
