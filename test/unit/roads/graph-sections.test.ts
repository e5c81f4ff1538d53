// The graph file's edge, road and string sections, packed to save memory and bytes: each edge's
// road and flags in one word, and what each edge's road is called, read back from a built graph
// and from its file alike.
import { describe, expect, it } from 'vitest';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { deserializeRoadGraph, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import {
  edgeRoadAndFlags,
  isOneWay,
  MAX_ROADS,
  roadClassOfEdge,
  roadNameOfEdge,
  roadOfEdge,
  roadRefOfEdge,
  surfaceOfEdge,
  type RoadGraph,
} from '../../../lambdas/core/roads/graph';
import type { RoadLine } from '../../../lambdas/core/roads/input';
import { BUCKET, StringTable } from '../../../lambdas/core/roads/strings';

const SURFACES = ['sealed', 'unsealed', undefined] as const;

/** 300 separate short roads, each its own name; every seventh one way, surfaces in turn, a ref on every fifth. */
function manyRoads(): RoadLine[] {
  return Array.from({ length: 300 }, (_, i) => {
    const x = 148 + (i % 20) * 0.01;
    const y = -33 - Math.floor(i / 20) * 0.01;
    return {
      coordinates: [[x, y], [x + 0.004, y + 0.001], [x + 0.008, y]],
      name: i % 11 === 3 ? null : `Road ${i}`,
      ref: i % 5 === 0 ? `B${i}` : null,
      roadClass: i % 2 === 0 ? 'residential' : 'tertiary',
      oneway: i % 7 === 0,
      maxspeed: 40 + (i % 9) * 10,
      surface: SURFACES[i % 3],
    };
  });
}

/** What each edge of the graph says of its road, by the name of the line it came from. */
function describeEdges(graph: RoadGraph): string[] {
  return Array.from({ length: graph.edgeCount }, (_, e) =>
    [roadNameOfEdge(graph, e), roadRefOfEdge(graph, e), roadClassOfEdge(graph, e), isOneWay(graph, e), surfaceOfEdge(graph, e), graph.roadSpeed[roadOfEdge(graph, e)]].join(' '),
  ).sort();
}

describe('the graph file\'s edge sections', () => {
  it('holds an edge\'s road, one-way flag and surface in one word, for any road up to 2^24', () => {
    for (const road of [0, 255, 256, 65_535, 65_536, 0x7fffff, 0x800000, MAX_ROADS - 1]) {
      for (const oneway of [false, true]) {
        for (const surface of [0, 1, 2]) {
          const graph = { edgeRoadFlags: Uint32Array.of(edgeRoadAndFlags(road, oneway, surface)) };
          expect(roadOfEdge(graph, 0)).toBe(road);
          expect(isOneWay(graph, 0)).toBe(oneway);
          expect((graph.edgeRoadFlags[0] >>> 1) & 3).toBe(surface);
        }
      }
    }
    expect(() => edgeRoadAndFlags(MAX_ROADS, false, 0)).toThrow(/at most 16777216 distinct roads/);
  });

  it('gives each edge its own line\'s name, ref, class, speed, one-way flag and surface, built and read back', () => {
    const lines = manyRoads();
    const graph = buildRoadGraph(lines, { hierarchy: false });
    const expected = lines
      .map((line) => [line.name, line.ref, line.roadClass, line.oneway, line.surface ?? 'unknown', line.maxspeed].map((v) => v ?? '').join(' '))
      .sort();
    expect(graph.edgeCount).toBe(300);
    expect(describeEdges(graph)).toEqual(expected);
    expect(describeEdges(deserializeRoadGraph(serializeRoadGraph(graph)))).toEqual(expected);
  });
});

describe('the graph file\'s string table', () => {
  const names = [
    ...Array.from({ length: 200 }, (_, i) => `Town ${i % 7} Street ${i}-${i * 13}`),
    'Forbes Street',
    'Forbes Street East',
    '',
    'Ñandú Road',
    'Road of 🦘 and émus',
    `Long ${'x'.repeat(300)} Road`,
    `Long ${'x'.repeat(300)} Road West`,
    // Longer than the decoder's first buffer only with the prefix it shares with the one before.
    `Lane ${'y'.repeat(200)}`,
    `Lane ${'y'.repeat(200)}${'z'.repeat(200)}`,
    'A',
  ];

  it('gives back every string by its index, whatever its length, characters or place in a bucket', () => {
    const { table, indexOf } = StringTable.sorted(names);
    expect(table.size).toBe(names.length);
    names.forEach((name, i) => expect(table.at(indexOf[i]!)).toBe(name));
    // Read again in another order: each bucket is rebuilt from its start.
    for (let i = names.length - 1; i >= 0; i -= 3) expect(table.at(indexOf[i]!)).toBe(names[i]);
    expect(new Set(indexOf).size).toBe(names.length);
    expect(() => table.at(names.length)).toThrow(RangeError);
  });

  it('holds names sorted and front coded, in under half their UTF-8 bytes', () => {
    const { table } = StringTable.sorted(names);
    expect(table.toArray()).toEqual([...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(table.bucketStart.length).toBe(Math.ceil(names.length / BUCKET));
    const streets = names.slice(0, 200);
    const plain = streets.reduce((sum, name) => sum + Buffer.byteLength(name), 0);
    const coded = StringTable.sorted(streets).table;
    expect(coded.bytes.byteLength + coded.bucketStart.byteLength).toBeLessThan(plain * 0.5);
  });

  it('names a built graph\'s roads from the table read back from its file', () => {
    const graph = buildRoadGraph(manyRoads(), { hierarchy: false });
    const copy = deserializeRoadGraph(serializeRoadGraph(graph));
    expect(copy.strings.toArray()).toEqual(graph.strings.toArray());
    expect(copy.strings.toArray()).toContain('Road 299');
    expect(copy.strings.toArray()).toContain('B295');
  });
});
