// Experiment behind the map-tile decision for the council view (not part of `npm run bench`):
// what a 40 km council view costs when each map cell's closures are ONE item ("tile": a map of
// closure id → {v: version, b: box, r: the map record as JSON}) read with one BatchGetItem, beside
// today's per-item path, on the same in-memory DynamoDB Local, view by view. Tiles are built in
// memory from the bench's own closures (same seed and council views as bench/viewport.ts) and
// written whole, split by hash of id into items of at most 350 kB; the per-item path's closures
// are written only up to WRITE_UPTO. Prints the tile sizes against the 400 kB item limit, the
// p50 of each path and, for precision-4 tiles, the same BatchGetItem as raw HTTP (DynamoDB
// Local's time apart from the SDK's parse).
//   npx tsx bench/tiles-experiment.ts
//   SIZES=1000,100000 PRECISIONS=4,5 WRITE_UPTO=1000 PASSES=2 npx tsx bench/tiles-experiment.ts
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { loadavg } from 'node:os';
import { queryClosuresInBounds, isOnPublicMap } from '../lambdas/adapters/closures/bounds';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { bboxesMeet, bboxOf, cellsCovering, segmentBoxes, type Bbox, type Bounds } from '../lambdas/core/closures/geometry';
import { isOnMapIndex } from '../lambdas/core/closures/map-index';
import type { ClosureRecord } from '../lambdas/core/closures/types';
import { degreeSpan } from '../lambdas/core/roads/geo';
import { ensureTable } from '../local/dynamodb';
import { mapIndexOf } from '../lambdas/adapters/closures/map-index';
import { closureFromItem } from '../lambdas/adapters/db/closure-item';
import { itemOf, toRecord } from '../lambdas/adapters/closures/store';
import { makeClosure, random, RoadSampler } from './support/closure-fixtures';
import { seededClosureFactory, writeClosures } from './support/closure-writer';
import { startMemoryDynamoDb } from './support/dynamodb-memory';

const SEED = 20240604;
const SIZES = process.env.SIZES?.split(',').map(Number) ?? [1_000, 100_000];
const VIEWS = 120;
/** Closure items (the per-item path's data) are written up to this many; tiles always. */
const WRITE_UPTO = Number(process.env.WRITE_UPTO ?? SIZES[0]);
const PASSES = Number(process.env.PASSES ?? 1);

function viewAround([lng, lat]: [number, number], widthKm: number): Bounds {
  const { dLat, dLng } = degreeSpan(lat, (widthKm * 1000) / 2);
  return { west: lng - dLng, east: lng + dLng, south: lat - dLat * 0.75, north: lat + dLat * 0.75 };
}

/** The map record as the council view returns it: the stored item read back (closureFromItem → toRecord). */
function mapRecord(c: ClosureRecord): ClosureRecord {
  const item = JSON.parse(JSON.stringify(itemOf(c))) as Record<string, unknown>;
  return toRecord(closureFromItem(item));
}

type Entry = { v: number; b: string; r: string };
type Tile = Map<string, Entry>;
const SHARD_BYTES = 350_000;
const PRECISIONS = (process.env.PRECISIONS ?? '4,5').split(',').map(Number);
/** Shards per tile key (pk MAPTILE#{p}{cell}); the experiment knows them, a real design must too. */
const shardCounts = new Map<string, number>();
const shardOf = (id: string, n: number) => (n <= 1 ? 0 : parseInt(id.slice(0, 8), 16) % n);


async function tileView(bounds: Bounds, now: number, precision: number): Promise<{ closures: ClosureRecord[]; read: number; ms: { get: number; parse: number } }> {
  const keys = cellsCovering(bounds, precision).flatMap((cell) => {
    const key = `${precision}${cell}`;
    return Array.from({ length: shardCounts.get(key) ?? 1 }, (_, s) => ({ pk: `MAPTILE#${key}`, sk: `MAPTILE#${s}` }));
  });
  const t0 = performance.now();
  const responses = await Promise.all(
    Array.from({ length: Math.ceil(keys.length / 100) }, (_, i) =>
      dynamoClient().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys.slice(i * 100, i * 100 + 100) } } })),
    ),
  );
  const t1 = performance.now();
  const box: Bbox = [bounds.west, bounds.south, bounds.east, bounds.north];
  const seen = new Set<string>();
  const out: ClosureRecord[] = [];
  let read = 0;
  let bytes = 2;
  for (const response of responses) {
    for (const item of response.Responses?.[tableName()] ?? []) {
      read++;
      for (const [id, entry] of Object.entries(item.c as Record<string, Entry>)) {
        if (seen.has(id)) continue;
        seen.add(id);
        const b = entry.b.split(',').map(Number) as Bbox;
        if (!bboxesMeet(b, box)) continue;
        const c = JSON.parse(entry.r) as ClosureRecord;
        if (isOnPublicMap(c, now, false) && c.regions.some((r) => bboxesMeet(bboxOf([r.geometry]), box))) {
          out.push(c);
          bytes += Buffer.byteLength(entry.r) + 1;
        }
      }
    }
  }
  out.sort((a, b) => b.updatedAt - a.updatedAt);
  if (bytes > 5_000_000) throw new Error('too big');
  return { closures: out, read, ms: { get: t1 - t0, parse: performance.now() - t1 } };
}

function cellsAt(c: ClosureRecord, precision: number): string[] {
  if (precision === 4) return c.cells;
  const out = new Set<string>();
  for (const box of segmentBoxes(c.regions.map((r) => r.geometry))) for (const cell of cellsCovering(box, precision)) out.add(cell);
  return [...out];
}

/** The same BatchGetItem as raw HTTP: DynamoDB Local's time (to the last byte), then the JSON parse and unmarshall the SDK adds. */
async function rawBatchGet(endpoint: string, bounds: Bounds): Promise<{ http: number; json: number; unmarshall: number; bytes: number }> {
  const keys = cellsCovering(bounds, 4).flatMap((cell) =>
    Array.from({ length: shardCounts.get(`4${cell}`) ?? 1 }, (_, s) => ({ pk: { S: `MAPTILE#4${cell}` }, sk: { S: `MAPTILE#${s}` } })),
  );
  const t0 = performance.now();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.BatchGetItem',
      authorization: 'AWS4-HMAC-SHA256 Credential=local/20240101/ap-southeast-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify({ RequestItems: { [tableName()]: { Keys: keys } } }),
  });
  const text = await response.text();
  const t1 = performance.now();
  const body = JSON.parse(text) as { Responses: Record<string, Record<string, never>[]> };
  const t2 = performance.now();
  for (const item of body.Responses[tableName()] ?? []) unmarshall(item);
  return { http: t1 - t0, json: t2 - t1, unmarshall: performance.now() - t2, bytes: text.length };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const dynamo = await startMemoryDynamoDb();
  process.env.TABLE_NAME = 'tiles-experiment';
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  try {
    await ensureTable(dynamo.port, tableName());
    const factory = await seededClosureFactory(SEED);
    const { engine, now } = factory;
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
        if (count < WRITE_UPTO) await writeClosures(chunk);
        count += chunk.length;
        for (const { closure } of chunk) {
          if (!isOnMapIndex(closure)) continue;
          const entry = { v: closure.version, b: bboxOf(closure.regions.map((r) => r.geometry)).join(','), r: JSON.stringify(mapRecord(closure)) };
          for (const p of PRECISIONS) {
            for (const cell of cellsAt(closure, p)) {
              const key = `${p}${cell}`;
              if (!tiles.has(key)) tiles.set(key, new Map());
              tiles.get(key)!.set(closure.id, entry);
            }
          }
        }
      }
      // Tiles written whole here (the experiment measures reading them), sharded by id when over SHARD_BYTES.
      const stats: string[] = [];
      for (const p of PRECISIONS) {
        let biggest = { cell: '', bytes: 0, closures: 0 };
        let shardsTotal = 0;
        let n = 0;
        for (const [key, tile] of tiles) {
          if (!key.startsWith(String(p))) continue;
          n++;
          const bytes = [...tile].reduce((s, [id, e]) => s + id.length + 12 + e.b.length + e.r.length, 0) + 40;
          if (bytes > biggest.bytes) biggest = { cell: key, bytes, closures: tile.size };
          const shards = Math.ceil(bytes / SHARD_BYTES);
          shardCounts.set(key, shards);
          shardsTotal += shards;
          const parts = Array.from({ length: shards }, () => ({} as Record<string, Entry>));
          for (const [id, e] of tile) parts[shardOf(id, shards)][id] = e;
          for (const [s, c] of parts.entries()) await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { pk: `MAPTILE#${key}`, sk: `MAPTILE#${s}`, c } }));
        }
        stats.push(`p${p}: ${n} tiles in ${shardsTotal} items, max ${biggest.bytes} B (${biggest.closures} closures in ${biggest.cell})`);
      }
      const recBytes = mean([...tiles.values()].flatMap((t) => [...t.values()].map((e) => e.r.length)));
      console.log(`${size}: seeded in ${((performance.now() - t) / 1000).toFixed(0)} s; ${stats.join('; ')}; record JSON ~${recBytes.toFixed(0)} B`);
      const measured = size <= WRITE_UPTO;
      for (const v of council.slice(0, 20)) {
        if (measured) await queryClosuresInBounds(v, { now });
        for (const p of PRECISIONS) await tileView(v, now, p);
      }
      const perItem: number[] = [];
      const tile = PRECISIONS.map(() => ({ t: [] as number[], get: [] as number[], parse: [] as number[], read: [] as number[], same: 0 }));
      const returned: number[] = [];
      for (const v of Array.from({ length: PASSES }, () => council).flat()) {
        let ids: string | undefined;
        if (measured) {
          const s = performance.now();
          const a = await queryClosuresInBounds(v, { now });
          perItem.push(performance.now() - s);
          ids = JSON.stringify(a.closures.map((c) => c.id).sort());
        }
        for (const [i, p] of PRECISIONS.entries()) {
          const s = performance.now();
          const b = await tileView(v, now, p);
          tile[i].t.push(performance.now() - s);
          tile[i].get.push(b.ms.get);
          tile[i].parse.push(b.ms.parse);
          tile[i].read.push(b.read);
          if (i === 0) returned.push(b.closures.length);
          const mine = JSON.stringify(b.closures.map((c) => c.id).sort());
          ids ??= mine;
          if (mine === ids) tile[i].same++;
        }
      }
      console.log(
        `  council views ${council.length * PASSES} (load ${loadavg()[0].toFixed(1)}): ${measured ? `per-item p50 ${p50(perItem).toFixed(1)} ms; ` : ''}` +
          PRECISIONS.map((p, i) => `p${p} tiles p50 ${p50(tile[i].t).toFixed(1)} ms (BatchGet ${p50(tile[i].get).toFixed(1)}, parse+filter ${p50(tile[i].parse).toFixed(1)}, items ${mean(tile[i].read).toFixed(1)}, same ${tile[i].same})`).join('; ') +
          `; returned mean ${mean(returned).toFixed(0)}`,
      );
      const raw = [];
      for (const v of council) raw.push(await rawBatchGet(dynamo.endpoint, v));
      console.log(
        `  the p4 BatchGet as raw HTTP: DynamoDB Local to last byte p50 ${p50(raw.map((r) => r.http)).toFixed(1)} ms, JSON.parse ${p50(raw.map((r) => r.json)).toFixed(1)} ms, ` +
          `unmarshall ${p50(raw.map((r) => r.unmarshall)).toFixed(1)} ms, response ${(mean(raw.map((r) => r.bytes)) / 1000).toFixed(0)} kB mean`,
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
