// Experiment (before building map tiles): what a council view costs when each precision-4 cell's
// map records are ONE item (a map of closure id → {v, r: record JSON}) read with BatchGetItem,
// beside today's per-item path, on the same in-memory DynamoDB Local, interleaved view by view.
//   npx tsx bench/tiles-experiment.ts
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadavg } from 'node:os';
import { queryClosuresInBounds, isOnPublicMap } from '../lambdas/adapters/closures-bounds';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { resetDb } from '../lambdas/adapters/db/db';
import { bboxesMeet, bboxOf, cellsCovering, type Bbox, type Bounds } from '../lambdas/core/closures/geometry';
import { isOnMapIndex } from '../lambdas/core/closures/map-index';
import { fitsResponse } from '../lambdas/core/closures/response-size';
import type { ClosureRecord } from '../lambdas/core/closures/types';
import { getRoadEngine } from '../lambdas/core/roads/engine';
import { degreeSpan } from '../lambdas/core/roads/geo';
import { ensureTable } from '../local/dynamodb';
import { mapIndexOf } from '../lambdas/adapters/closures-map-index';
import { closureFromItem } from '../lambdas/adapters/db/closure-item';
import { itemOf, toRecord } from '../lambdas/adapters/closures';
import { makeClosure, random, RoadSampler, type ClosureFactory } from './support/closure-fixtures';
import { writeClosures, writeLgas } from './support/closure-writer';
import { startMemoryDynamoDb } from './support/dynamodb-memory';
import { LgaLookup } from './support/lga-lookup';

const SEED = 20240604;
const SIZES = process.env.SIZES?.split(',').map(Number) ?? [1_000, 100_000];
const VIEWS = 120;

function viewAround([lng, lat]: [number, number], widthKm: number): Bounds {
  const { dLat, dLng } = degreeSpan(lat, (widthKm * 1000) / 2);
  return { west: lng - dLng, east: lng + dLng, south: lat - dLat * 0.75, north: lat + dLat * 0.75 };
}

/** The map record as the council view returns it: the stored item read back (closureFromItem → toRecord). */
function mapRecord(c: ClosureRecord): ClosureRecord {
  const item = JSON.parse(JSON.stringify(itemOf(c))) as Record<string, unknown>;
  return toRecord(closureFromItem(item));
}

type Tile = Map<string, { v: number; r: string }>;

async function tileView(bounds: Bounds, now: number): Promise<{ closures: ClosureRecord[]; read: number; ms: { get: number; parse: number } }> {
  const cells = cellsCovering(bounds);
  const t0 = performance.now();
  const responses = await Promise.all(
    Array.from({ length: Math.ceil(cells.length / 100) }, (_, i) =>
      dynamoClient().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: cells.slice(i * 100, i * 100 + 100).map((cell) => ({ pk: `MAPTILE#${cell}`, sk: 'MAPTILE#0' })) } },
        }),
      ),
    ),
  );
  const t1 = performance.now();
  const box: Bbox = [bounds.west, bounds.south, bounds.east, bounds.north];
  const seen = new Set<string>();
  const out: ClosureRecord[] = [];
  let read = 0;
  for (const response of responses) {
    for (const item of response.Responses?.[tableName()] ?? []) {
      read++;
      for (const [id, entry] of Object.entries(item.c as Record<string, { v: number; r: string }>)) {
        if (seen.has(id)) continue;
        seen.add(id);
        const c = JSON.parse(entry.r) as ClosureRecord;
        if (isOnPublicMap(c, now, false) && c.regions.some((r) => bboxesMeet(bboxOf([r.geometry]), box))) out.push(c);
      }
    }
  }
  out.sort((a, b) => b.updatedAt - a.updatedAt);
  if (!fitsResponse(out)) throw new Error('too big');
  return { closures: out, read, ms: { get: t1 - t0, parse: performance.now() - t1 } };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const dynamo = await startMemoryDynamoDb();
  process.env.TABLE_NAME = 'tiles-experiment';
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDb();
  try {
    await ensureTable(dynamo.port, tableName());
    const engine = getRoadEngine();
    const lgas = new LgaLookup();
    await writeLgas(lgas.lgas);
    const now = Math.floor(Date.now() / 1000);
    const next = random(SEED);
    const factory: ClosureFactory = { next, sampler: new RoadSampler(engine.graph, next), lgas, engine, now };
    // The bench's view stream: 202 town views first, then 202 council views.
    const viewNext = random(SEED + 1);
    const viewSampler = new RoadSampler(engine.graph, viewNext);
    const all = Array.from({ length: 404 }, (_, i) => viewAround(viewSampler.point(), i < 202 ? 5 : 40));
    const council = all.slice(204, 204 + VIEWS);
    const tiles = new Map<string, Tile>();
    let count = 0;
    for (const size of SIZES) {
      const t = performance.now();
      while (count < size) {
        const chunk = Array.from({ length: Math.min(2000, size - count) }, () => {
          const { closure } = makeClosure(factory);
          return { closure, index: mapIndexOf(closure) };
        });
        await writeClosures(chunk);
        count += chunk.length;
        for (const { closure } of chunk) {
          if (!isOnMapIndex(closure)) continue;
          const entry = { v: closure.version, r: JSON.stringify(mapRecord(closure)) };
          for (const cell of closure.cells) {
            if (!tiles.has(cell)) tiles.set(cell, new Map());
            tiles.get(cell)!.set(closure.id, entry);
          }
        }
      }
      // Tiles written whole here (the experiment measures reading them).
      let biggest = { cell: '', bytes: 0, closures: 0 };
      const sizes: number[] = [];
      for (const [cell, tile] of tiles) {
        const c = Object.fromEntries(tile);
        const bytes = [...tile].reduce((s, [id, e]) => s + id.length + 1 + 1 + 8 + 1 + e.r.length, 0) + 40;
        sizes.push(bytes);
        if (bytes > biggest.bytes) biggest = { cell, bytes, closures: tile.size };
        if (bytes < 390_000) await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { pk: `MAPTILE#${cell}`, sk: 'MAPTILE#0', c } }));
      }
      const recBytes = mean([...tiles.values()].flatMap((t) => [...t.values()].map((e) => e.r.length)));
      console.log(
        `${size}: seeded in ${((performance.now() - t) / 1000).toFixed(0)} s; ${tiles.size} tiles, bytes p50 ${p50(sizes)}, max ${biggest.bytes} (${biggest.closures} closures in ${biggest.cell}); ` +
          `tiles > 350 kB: ${sizes.filter((s) => s > 350_000).length}, > 400 kB: ${sizes.filter((s) => s > 400_000).length}; record JSON ~${recBytes.toFixed(0)} B`,
      );
      for (const v of council.slice(0, 20)) {
        await queryClosuresInBounds(v, { now });
        await tileView(v, now);
      }
      const perItem: number[] = [];
      const tile: number[] = [];
      const gets: number[] = [];
      const parses: number[] = [];
      const returned: number[] = [];
      let same = 0;
      for (const v of council) {
        let s = performance.now();
        const a = await queryClosuresInBounds(v, { now });
        perItem.push(performance.now() - s);
        s = performance.now();
        const b = await tileView(v, now);
        tile.push(performance.now() - s);
        gets.push(b.ms.get);
        parses.push(b.ms.parse);
        returned.push(a.closures.length);
        if (JSON.stringify(a.closures.map((c) => c.id).sort()) === JSON.stringify(b.closures.map((c) => c.id).sort())) same++;
      }
      console.log(
        `  council views ${council.length} (load ${loadavg()[0].toFixed(1)}): per-item p50 ${p50(perItem).toFixed(1)} ms; tiles p50 ${p50(tile).toFixed(1)} ms ` +
          `(BatchGet p50 ${p50(gets).toFixed(1)}, parse+filter p50 ${p50(parses).toFixed(1)}); returned mean ${mean(returned).toFixed(0)}; same ids ${same}/${council.length}`,
      );
    }
  } finally {
    await dynamo.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
