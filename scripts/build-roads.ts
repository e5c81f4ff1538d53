// Builds the binary road graph the engine loads.
//   npx tsx scripts/build-roads.ts [input.geojson] [output.roadgraph]
// Defaults: data/roads/nsw-major-roads.geojson (plus the demo fixtures) -> data/roads/build/nsw.roadgraph
import { join, relative } from 'node:path';
import { buildRoadGraphFromGeoJSON, fixturesFor, projectRoot, writeRoadGraph } from '../lambdas/core/roads/load';

const root = projectRoot();
const input = process.argv[2] ?? join(root, 'data', 'roads', 'nsw-major-roads.geojson');
const output = process.argv[3] ?? join(root, 'data', 'roads', 'build', 'nsw.roadgraph');

const started = performance.now();
const graph = buildRoadGraphFromGeoJSON(process.argv[2] ? [input] : [input, ...fixturesFor(output)]);
const bytes = writeRoadGraph(graph, output);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(
  `${relative(process.cwd(), output)}: ${graph.nodeCount} nodes, ${graph.edgeCount} edges, ` +
    `${(bytes / 1e6).toFixed(1)} MB in ${seconds} s ` +
    `(${graph.meta.endsJoinedToVertex} ends joined to a vertex, ${graph.meta.endsInsertedIntoLines} inserted into a line)`,
);
