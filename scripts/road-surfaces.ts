// How much of a road graph carries a surface: km and share sealed, unsealed and unknown, for the
// whole network and inside one LGA (default Forbes, 12900). Counts for docs/road-engine.md#road-surfaces.
//   npx tsx scripts/road-surfaces.ts [graph.roadgraph] [lgaCode]
import { ROAD_SURFACES } from '../lambdas/core/roads/classes';
import { defaultRoadGraphPath, loadRoadGraph } from '../lambdas/core/roads/load';
import { getLgaArea, inPolygons } from '../lambdas/core/lga-locate';
import { edgeCoordinates, surfaceIndexOfEdge } from '../lambdas/core/roads/graph';

const graph = loadRoadGraph(process.argv[2] ?? defaultRoadGraphPath());
const lga = getLgaArea(process.argv[3] ?? '12900');

function table(title: string, inside: (edge: number) => boolean) {
  const km = ROAD_SURFACES.map(() => 0);
  for (let e = 0; e < graph.edgeCount; e++) if (inside(e)) km[surfaceIndexOfEdge(graph, e)] += graph.edgeLength[e] / 1000;
  const total = km.reduce((a, b) => a + b, 0);
  console.log(`${title}: ${total.toFixed(1)} km`);
  ROAD_SURFACES.forEach((name, i) => console.log(`  ${name.padEnd(8)} ${km[i].toFixed(1).padStart(9)} km  ${((100 * km[i]) / (total || 1)).toFixed(2)}%`));
}

table(`${graph.meta.source}, whole network`, () => true);
if (lga) {
  // An edge counts for the LGA when the middle of its shape lies inside the boundary.
  table(`inside ${lga.name} (${lga.code})`, (e) => {
    const shape = edgeCoordinates(graph, e);
    const [lng, lat] = shape[Math.floor(shape.length / 2)];
    return inPolygons(lga.polygons, lng, lat);
  });
}
