// Imports a road network (GeoJSON LineStrings or an OpenStreetMap .osm.pbf extract) into the
// engine's graph format. Use the result with ROAD_GRAPH_PATH=<output>.
//   npm run import-roads -- FILE [--out data/roads/build/custom.roadgraph]
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRoadGraph } from '../lambdas/core/roads/build';
import { readRoadLinesFromGeoJSON, type RoadLine } from '../lambdas/core/roads/input';
import { projectRoot, writeRoadGraph } from '../lambdas/core/roads/load';
import { readRoadLinesFromOsmPbf } from '../lambdas/core/roads/osm-pbf';

export async function importRoads(input: string, output: string) {
  const lines: RoadLine[] = /\.pbf$/i.test(input) ? await readRoadLinesFromOsmPbf(input) : readRoadLinesFromGeoJSON(input);
  if (lines.length === 0) throw new Error(`${input} has no drivable roads`);
  const graph = buildRoadGraph(lines, { source: input.split(/[\\/]/).pop() });
  const bytes = writeRoadGraph(graph, output);
  return { graph, bytes, lines: lines.length };
}

function parseArgs(argv: string[]) {
  let input: string | undefined;
  let output = join(projectRoot(), 'data', 'roads', 'build', 'custom.roadgraph');
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' || argv[i] === '-o') output = argv[++i];
    else if (argv[i].startsWith('--out=')) output = argv[i].slice(6);
    else input ??= argv[i];
  }
  return { input, output };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const { input, output } = parseArgs(process.argv.slice(2));
  if (!input) {
    console.error('usage: npm run import-roads -- FILE(.geojson|.osm.pbf) [--out PATH]');
    process.exit(2);
  }
  importRoads(input, output)
    .then(({ graph, bytes, lines }) => {
      console.log(
        `${relative(process.cwd(), output)}: ${lines} roads, ${graph.nodeCount} nodes, ${graph.edgeCount} edges, ` +
          `${(bytes / 1e6).toFixed(2)} MB. Use it with ROAD_GRAPH_PATH=${output}`,
      );
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
