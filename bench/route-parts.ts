// Where a route's time goes on a synthetic state-scale graph: the same long and local trips and
// closures as bench/scale.ts, timed whole and in parts (--peer adds ngraph.path, slow at 1M).
//   npx tsx bench/route-parts.ts FILE.roadgraph [--peer]
import { readFileSync } from 'node:fs';
import { RoadEngine } from '../lambdas/core/roads/engine';
import { deserializeRoadGraph } from '../lambdas/core/roads/format';
import { nodeLat, nodeLng } from '../lambdas/core/roads/graph';
import { findLeg, legCoordinates } from '../lambdas/core/roads/paths';
import { EdgeMask, RoadSearch } from '../lambdas/core/roads/search';
import { nearestOnNetwork } from '../lambdas/core/roads/spatial';
import { legSteps } from '../lambdas/core/roads/steps';
import { ClosedRoads } from '../lambdas/core/roads/stretches';
import { ngraphFinder, timeAll } from './routing';
import { scaleTrips } from './scale';

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/route-parts.ts FILE.roadgraph [--peer] (bench/scale-build.ts builds one)');
const peer = process.argv.includes('--peer');
const graph = deserializeRoadGraph(readFileSync(file));
const engine = new RoadEngine(graph);
const { long, local, closures } = scaleTrips(graph);
const point = (v: number) => ({ lat: nodeLat(graph, v), lng: nodeLng(graph, v) });
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
  // What route() did on every call before it kept the closed roads of the same closures.
  const closedSet = timeAll(trips, () => {
    const closed = new ClosedRoads();
    for (const c of closures) closed.add(c.id, engine.stretchesOfClosure(c));
  });
  const searchOnly = timeAll(trips, ([a, b]) => search.run({ sources: [{ node: a, cost: 0 }], targets: [{ node: b, cost: 0 }], metric: 'duration', blocked: mask }));
  const projections = trips.map(([a, b]) => [nearestOnNetwork(graph, nodeLng(graph, a), nodeLat(graph, a), 5000)!, nearestOnNetwork(graph, nodeLng(graph, b), nodeLat(graph, b), 5000)!] as const);
  const legs = projections.map(([p, q]) => findLeg(graph, search, p, q, { metric: 'duration' }));
  const legTime = timeAll(projections, ([p, q]) => findLeg(graph, search, p, q, { metric: 'duration' }));
  const stepsTime = timeAll(legs, (leg) => leg && legSteps(graph, leg.pieces, 'Arrive'));
  const coordsTime = timeAll(legs, (leg) => leg && legCoordinates(graph, leg.pieces));
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
