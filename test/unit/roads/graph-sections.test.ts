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
import { RoadNames } from '../../../lambdas/core/roads/road-names';
import { BUCKET, StringTable } from '../../../lambdas/core/roads/strings';

const SURFACES = ['sealed', 'unsealed', undefined] as const;

/** 300 separate short roads, most with a name of their own; every seventh one way, surfaces in turn, a ref on every fifth. */
function manyRoads(): RoadLine[] {
  return Array.from({ length: 300 }, (_, i) => {
    const x = 148 + (i % 20) * 0.01;
    const y = -33 - Math.floor(i / 20) * 0.01;
    return {
      coordinates: [[x, y], [x + 0.004, y + 0.001], [x + 0.008, y]],
      // Some roads share a name (as roads of one name but another class or speed do).
      name: i % 11 === 3 ? null : i % 13 === 0 ? 'Shared Road' : `Road ${i}`,
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
    const sorted = [...names].sort();
    const table = StringTable.of(sorted);
    expect(table.size).toBe(names.length);
    expect(table.bucketStart.length).toBe(Math.ceil(names.length / BUCKET));
    expect(table.toArray()).toEqual(sorted);
    // Read again in another order: each bucket is rebuilt from its start.
    for (let i = sorted.length - 1; i >= 0; i -= 3) expect(table.at(i)).toBe(sorted[i]);
    expect(StringTable.of(names).toArray()).toEqual(names);
    expect(() => table.at(names.length)).toThrow(RangeError);
  });

  it('gives the right string when strings that share a slot of its recent cache are read in turn', () => {
    // 600 strings: indices 5, 261 and 517 share a slot of the 256 the table keeps decoded.
    const many = Array.from({ length: 600 }, (_, i) => `Street ${String(i).padStart(3, '0')}`);
    const table = StringTable.of(many);
    for (let round = 0; round < 3; round++) for (const i of [5, 261, 517, 5, 517, 261]) expect(table.at(i)).toBe(many[i]);
    expect(table.toArray()).toEqual(many);
  });

  it('holds sorted names front coded, in under half their UTF-8 bytes', () => {
    const streets = names.slice(0, 200).sort();
    const plain = streets.reduce((sum, name) => sum + Buffer.byteLength(name), 0);
    const coded = StringTable.of(streets);
    expect(coded.bytes.byteLength + coded.bucketStart.byteLength).toBeLessThan(plain * 0.5);
  });

  it('names a built graph\'s roads from the table read back from its file', () => {
    const graph = buildRoadGraph(manyRoads(), { hierarchy: false });
    const copy = deserializeRoadGraph(serializeRoadGraph(graph));
    expect(copy.strings.toArray()).toEqual(graph.strings.toArray());
    expect(copy.strings.toArray()).toContain('Road 298');
    expect(copy.strings.toArray()).toContain('B295');
    // Names first, then the refs that are no name, each sorted (RoadNames reads a road's name by counting).
    const strings = graph.strings.toArray();
    const names = strings.filter((s) => s.startsWith('Road') || s.startsWith('Shared'));
    expect(strings).toEqual([...names.sort(), ...strings.filter((s) => s.startsWith('B')).sort()]);
  });
});

describe('which string names each road', () => {
  it('reads each road\'s name by counting where names start, and its ref from the few listed', () => {
    const name = Int32Array.of(0, 0, 1, 2, 2, 2, 3, -1, -1);
    const ref = Int32Array.of(-1, 7, -1, -1, 5, -1, -1, 6, -1);
    const roads = RoadNames.of(name, ref);
    expect(Array.from(name, (_, r) => roads.name(r))).toEqual(Array.from(name));
    expect(Array.from(ref, (_, r) => roads.ref(r))).toEqual(Array.from(ref));
    expect(roads.namedRoads).toBe(7);
    expect(Array.from(roads.refs)).toEqual([7, 5, 6]);
  });

  it('counts across words of 32 roads', () => {
    const name = Int32Array.from({ length: 100 }, (_, r) => Math.floor(r / 3));
    const ref = Int32Array.from({ length: 100 }, (_, r) => (r % 31 === 0 ? r : -1));
    const roads = RoadNames.of(name, ref);
    expect(Array.from(name, (_, r) => roads.name(r))).toEqual(Array.from(name));
    expect(Array.from(ref, (_, r) => roads.ref(r))).toEqual(Array.from(ref));
  });

  it('refuses roads not ordered by name', () => {
    expect(() => RoadNames.of(Int32Array.of(1, 0), Int32Array.of(-1, -1))).toThrow(/ordered by name/);
    expect(() => RoadNames.of(Int32Array.of(0, -1, 1), Int32Array.of(-1, -1, -1))).toThrow(/ordered by name/);
    expect(() => RoadNames.of(Int32Array.of(0, 2), Int32Array.of(-1, -1))).toThrow(/ordered by name/);
  });
});
