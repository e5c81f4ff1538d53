// Builds one synthetic state-scale road graph in a process of its own, so its build time and
// peak memory are its own (bench/scale.ts runs it). Prints one JSON line.
//   node --import tsx bench/scale-build.ts NODES SEED OUTPUT
import { buildRoadGraph } from '../lambdas/core/roads/build';
import { writeRoadGraph } from '../lambdas/core/roads/load';
import { syntheticRoadNetwork } from './support/synthetic-roads';

const [nodes, seed, output] = process.argv.slice(2);
let started = performance.now();
const network = syntheticRoadNetwork(Number(nodes), Number(seed));
const generateMs = performance.now() - started;
started = performance.now();
const graph = buildRoadGraph(network.lines, { source: `synthetic ${nodes} nodes, seed ${seed}` });
const bytes = writeRoadGraph(graph, output!);
const buildMs = performance.now() - started;
let vertices = 0;
for (const line of network.lines) vertices += line.coordinates.length;
console.log(
  JSON.stringify({
    generateMs,
    buildMs,
    // maxRSS is in kilobytes: the whole process, generation included.
    peakBytes: process.resourceUsage().maxRSS * 1024,
    bytes,
    nodes: graph.nodeCount,
    edges: graph.edgeCount,
    lines: network.lines.length,
    vertices,
    towns: network.towns,
    sideKm: network.sideKm,
  }),
);
