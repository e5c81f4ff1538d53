import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importRoads } from '../../../scripts/import-roads';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import { haversine } from '../../../lambdas/core/roads/geo';
import { durationOfEdge, roadNameOfEdge } from '../../../lambdas/core/roads/graph';
import { readRoadGraph } from '../../../lambdas/core/roads/load';
import { fixture } from './support';

const scratchDirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'roads-'));
  scratchDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

// mini.osm.pbf (made by test/fixtures/roads/make-osm-pbf.ts): Lachlan Street 1-2-3 and Rankin
// Street 4-2-5 cross at node 2; Bridge Road 3->6 is one way; Newell Highway 5-6-7 has
// maxspeed 80; a footway and a road under construction must be left out.
const node = {
  1: { lng: 148.0, lat: -33.39 },
  3: { lng: 148.01, lat: -33.39 },
  6: { lng: 148.01, lat: -33.395 },
  7: { lng: 148.015, lat: -33.395 },
};

describe('import-roads', () => {
  it('turns an .osm.pbf extract into a routable graph file', async () => {
    const output = join(scratch(), 'custom.roadgraph');
    const { lines } = await importRoads(fixture('mini.osm.pbf'), output);
    expect(lines).toBe(5);

    const graph = readRoadGraph(output);
    const names = new Set([...Array(graph.edgeCount).keys()].map((e) => roadNameOfEdge(graph, e)));
    expect(names).toEqual(new Set(['Lachlan Street', 'Rankin Street', 'Bridge Road', 'Newell Highway', 'Back Lane']));
    expect(new Set([0, ...graph.otherComponent]).size).toBe(1);

    const engine = new RoadEngine(graph);
    const route = engine.route([node[1], node[7]]);
    expect(route.distance).toBeGreaterThan(haversine(node[1].lng, node[1].lat, node[7].lng, node[7].lat));
    expect(route.steps.map((step) => step.name)).toContain('Newell Highway');

    // Bridge Road is one way from 3 to 6: 3 -> 6 uses it, 6 -> 3 goes round by Rankin Street.
    const down = engine.route([node[3], node[6]]);
    expect(down.distance).toBeCloseTo(haversine(148.01, -33.39, 148.01, -33.395), 0);
    const up = engine.route([node[6], node[3]]);
    expect(up.steps.map((step) => step.name)).toEqual(['Newell Highway', 'Rankin Street', 'Lachlan Street', 'Lachlan Street']);

    // Newell Highway: maxspeed 80 km/h.
    const highway = [...Array(graph.edgeCount).keys()].find((e) => roadNameOfEdge(graph, e) === 'Newell Highway')!;
    expect((graph.edgeLength[highway] / durationOfEdge(graph, highway)) * 3.6).toBeCloseTo(80, 3);
  });
});
