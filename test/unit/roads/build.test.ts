import { existsSync, mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import { deserializeRoadGraph, GraphFormatError, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { arcHead, arcTime, componentOf, durationOfEdge, edgeCoordinates, ROAD_GRAPH_VERSION, roadNameOfEdge, type RoadGraph } from '../../../lambdas/core/roads/graph';
import { readRoadLinesFromGeoJSON } from '../../../lambdas/core/roads/input';
import { forgetLoadedRoadGraphs, loadRoadGraph, readRoadGraph, writeRoadGraph } from '../../../lambdas/core/roads/load';
import { edgesNear } from '../../../lambdas/core/roads/spatial';
import { FORBES, fixture, forbesGraph, graphOf, road } from './support';

const scratchDirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'roads-'));
  scratchDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

const arcTimes = (g: RoadGraph) => Array.from(g.arcEdge, (_, a) => arcTime(g, a));
const arcHeads = (g: RoadGraph) => Array.from(g.arcEdge, (_, a) => arcHead(g, a));

function newellComponents(snapTolerance: number): Set<number> {
  const graph = buildRoadGraph(readRoadLinesFromGeoJSON(fixture('forbes-roads.geojson')), { snapTolerance });
  const components = new Set<number>();
  for (let e = 0; e < graph.edgeCount; e++) {
    if (roadNameOfEdge(graph, e) === 'Newell Highway') components.add(componentOf(graph, graph.edgeFrom[e]));
  }
  return components;
}

describe('graph builder', () => {
  it('nodes the Forbes Newell Highway pieces into one connected road', () => {
    // Without joining line ends to other lines' interiors the highway falls apart in two.
    expect(newellComponents(0).size).toBeGreaterThan(1);
    expect([...newellComponents(1)]).toEqual([0]);
  });

  it('joins a line end that touches another line between its vertices', () => {
    const graph = graphOf([
      road([[148.0, -33.0], [148.02, -33.0]]),
      road([[148.01, -33.01], [148.01, -33.000004]]), // ends 0.4 m short of the first line
    ]);
    expect(graph.nodeCount).toBe(4);
    expect(graph.edgeCount).toBe(3);
    expect(new Set([0, ...graph.otherComponent]).size).toBe(1);
  });

  it('does not join roads that cross without a shared vertex (a bridge)', () => {
    const graph = graphOf([
      road([[148.0, -33.0], [148.02, -33.0]]),
      road([[148.01, -33.01], [148.01, -32.99]], { highway: 'motorway' }),
    ]);
    expect(graph.edgeCount).toBe(2);
    expect(new Set([0, ...graph.otherComponent]).size).toBe(2);
  });

  it('leaves out roads under construction and uses maxspeed or the class speed', () => {
    const graph = graphOf([
      road([[148.0, -33.0], [148.01, -33.0]], { highway: 'construction' }),
      road([[148.0, -33.1], [148.01, -33.1]], { highway: 'primary', maxspeed: '50' }),
      road([[148.0, -33.2], [148.01, -33.2]], { highway: 'motorway' }),
    ]);
    expect(graph.edgeCount).toBe(2);
    const speeds = [0, 1].map((e) => (graph.edgeLength[e] / durationOfEdge(graph, e)) * 3.6);
    expect(speeds[0]).toBeCloseTo(50, 3);
    expect(speeds[1]).toBeCloseTo(100, 3);
  });

  it('reads each arc\'s head and travel time from its edge: away from the node whose arc it is, one way along the geometry only', () => {
    const graph = graphOf([
      road([[148.0, -33.0], [148.01, -33.0]], { maxspeed: '50' }),
      road([[148.02, -33.0], [148.01, -33.0]], { highway: 'motorway', oneway: 'yes', maxspeed: '100' }),
    ]);
    const arcs: string[] = [];
    for (let v = 0; v < graph.nodeCount; v++) {
      for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
        const e = graph.arcEdge[a] >>> 1;
        const [from, to] = [graph.edgeFrom[e], graph.edgeTo[e]];
        expect(arcTime(graph, a)).toBe(durationOfEdge(graph, e));
        arcs.push(`${v === from ? 'along' : 'against'} ${e}: ${v === from ? from : to} to ${arcHead(graph, a) === (v === from ? to : from) ? 'its other end' : arcHead(graph, a)}`);
      }
    }
    const oneWay = graph.edgeRoadFlags[0] & 1 ? 0 : 1;
    expect(arcs.sort()).toEqual([`along ${oneWay}: ${graph.edgeFrom[oneWay]} to its other end`, `along ${1 - oneWay}: ${graph.edgeFrom[1 - oneWay]} to its other end`, `against ${1 - oneWay}: ${graph.edgeTo[1 - oneWay]} to its other end`].sort());
    expect(arcTime(graph, graph.arcStart[graph.edgeFrom[oneWay]])).toBeCloseTo(graph.edgeLength[oneWay] / (100 / 3.6), 2);
  });

  it('round-trips through the binary format', () => {
    const graph = forbesGraph();
    const copy = deserializeRoadGraph(serializeRoadGraph(graph));
    expect(copy.nodeCount).toBe(graph.nodeCount);
    expect(arcTimes(copy)).toEqual(arcTimes(graph));
    expect(Array.from(copy.edgeRoadFlags)).toEqual(Array.from(graph.edgeRoadFlags));
    expect(copy.strings.toArray()).toEqual(graph.strings.toArray());
    expect(copy.strings.toArray()).toContain('Newell Highway');
    expect(Array.from(copy.interiorE7)).toEqual(Array.from(graph.interiorE7));
    for (const part of ['startBits', 'startsBefore', 'edgeWord'] as const) expect(Array.from(copy.vertexEdges[part])).toEqual(Array.from(graph.vertexEdges[part]));
    expect(Array.from(copy.nodeLngE7)).toEqual(Array.from(graph.nodeLngE7));
    const shapes = (g: typeof graph) => Array.from({ length: g.edgeCount }, (_, e) => edgeCoordinates(g, e));
    expect(shapes(copy)).toEqual(shapes(graph));
    expect(arcHeads(copy)).toEqual(arcHeads(graph));
    expect(Array.from(copy.otherNode)).toEqual(Array.from(graph.otherNode));
    expect(Array.from(copy.otherComponent)).toEqual(Array.from(graph.otherComponent));
    expect([...edgesNear(copy, 148.01, -33.385, 2000)]).toEqual([...edgesNear(graph, 148.01, -33.385, 2000)]);
  });

  it('builds a missing graph file from its GeoJSON once, then loads the file', () => {
    const dir = scratch();
    const source = join(dir, 'forbes.geojson');
    writeFileSync(source, readFileSync(fixture('forbes-roads.geojson')));
    const file = join(dir, 'build', 'forbes.roadgraph');
    forgetLoadedRoadGraphs();
    const built = loadRoadGraph(file);
    expect(existsSync(file)).toBe(true);
    expect(loadRoadGraph(file)).toBe(built);
    forgetLoadedRoadGraphs();
    const reloaded = loadRoadGraph(file);
    expect(reloaded).not.toBe(built);
    expect(reloaded.edgeCount).toBe(built.edgeCount);
    expect(reloaded.meta.builtAt).toBe(built.meta.builtAt);
  });

  it('reads a graph file section by section into buffers of their own, so the load-only varint geometry is not held', () => {
    const graph = forbesGraph();
    const file = join(scratch(), 'forbes.roadgraph');
    writeRoadGraph(graph, file);
    const read = readRoadGraph(file);
    const held = [read.nodeLngE7, read.edgeFrom, read.edgeLength, read.edgeRoadFlags, read.cells.segmentBytes, read.vertexEdges.startBits, read.otherNode];
    for (const array of held) expect(array.buffer.byteLength).toBe(array.byteLength);
    expect(read.edgeFrom.buffer).not.toBe(read.edgeTo.buffer);
    const shapes = (g: typeof graph) => Array.from({ length: g.edgeCount }, (_, e) => edgeCoordinates(g, e));
    expect(shapes(read)).toEqual(shapes(graph));
    expect(arcTimes(read)).toEqual(arcTimes(graph));
    const route = (g: typeof graph) => new RoadEngine(g).route([FORBES, { lat: -33.0, lng: 148.2 }]);
    expect(route(read).edgeIds).toEqual(route(graph).edgeIds);
    writeFileSync(file, readFileSync(file).subarray(0, 10));
    expect(() => readRoadGraph(file)).toThrow(GraphFormatError);
  });

  it('rebuilds a graph file in another format version or truncated', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'forbes.geojson'), readFileSync(fixture('forbes-roads.geojson')));
    const file = join(dir, 'build', 'forbes.roadgraph');
    forgetLoadedRoadGraphs();
    loadRoadGraph(file);
    const bytes = readFileSync(file);
    const text = bytes.toString('latin1').replace(`"version":${ROAD_GRAPH_VERSION},`, '"version":0,');
    writeFileSync(file, Buffer.from(text, 'latin1'));
    forgetLoadedRoadGraphs();
    expect(loadRoadGraph(file).edgeCount).toBeGreaterThan(0);
    expect(readFileSync(file).toString('latin1')).toContain(`"version":${ROAD_GRAPH_VERSION},`);

    writeFileSync(file, readFileSync(file).subarray(0, 5000)); // truncated, as by a crash mid-copy
    forgetLoadedRoadGraphs();
    expect(loadRoadGraph(file).edgeCount).toBeGreaterThan(0);
    expect(readFileSync(file).byteLength).toBeGreaterThan(5000);
  });
});
