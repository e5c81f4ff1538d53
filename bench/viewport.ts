// Viewport benchmark (issue 4): queryClosuresInBounds latency and items read with 1k, 10k and
// 100k closures spread over the NSW road network, in its own in-memory DynamoDB Local and table.
// Every query's itemsRead and result are checked against a model kept while seeding, and every
// command the data layer sends is logged, so the table also proves no Scan ever happens.
//   npx tsx bench/viewport.ts
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { queryClosuresInBounds, type BoundsResult } from '../lambdas/adapters/closures-bounds';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { resetDb } from '../lambdas/adapters/db/db';
import type { Bounds } from '../lambdas/core/closures/geometry';
import { getRoadEngine } from '../lambdas/core/roads/engine';
import { degreeSpan } from '../lambdas/core/roads/geo';
import { ensureTable } from '../local/dynamodb';
import { makeClosure, random, RoadSampler, VIEW_MIX } from './support/closure-fixtures';
import { writeClosures, writeLgas, writeViewCounters } from './support/closure-writer';
import { startMemoryDynamoDb } from './support/dynamodb-memory';
import { LgaLookup } from './support/lga-lookup';
import { SeededModel } from './support/viewport-model';

const TABLE = 'road-closures-bench';
/** BENCH_VIEWPORT_SIZES=1000,5000 for a quick look; the table in the report uses the default. */
const SIZES = process.env.BENCH_VIEWPORT_SIZES?.split(',').map(Number) ?? [1_000, 10_000, 100_000];
const SEED = 20240604;
const CHUNK = 2_000;
/** Queries of one viewport kind at one size stop at this many, or after the time budget. */
const QUERIES = 200;
const BUDGET_MS = 12_000;
const WARM_UP = 5;
const JIT_WARM_UP = 50;

interface ViewKind {
  name: string;
  widthKm: number;
  /** 'road': centred on a random road spot (where people look); 'sea': off the coast, no closure can be there. */
  centre: 'road' | 'sea';
  queries: number;
}

const VIEW_KINDS: ViewKind[] = [
  { name: 'town 5 km', widthKm: 5, centre: 'road', queries: QUERIES },
  { name: 'council 40 km', widthKm: 40, centre: 'road', queries: QUERIES },
  { name: 'regional 150 km', widthKm: 150, centre: 'road', queries: QUERIES },
  { name: 'empty 40 km (sea)', widthKm: 40, centre: 'sea', queries: QUERIES },
  // Past MAX_VIEWPORT_CELLS: the per-LGA fallback (or its "zoom in" answer).
  { name: 'state 400 km', widthKm: 400, centre: 'road', queries: 40 },
];

/** A landscape screen: 4:3, width as named. */
function viewAround([lng, lat]: [number, number], widthKm: number): Bounds {
  const { dLat, dLng } = degreeSpan(lat, (widthKm * 1000) / 2);
  return { west: lng - dLng, east: lng + dLng, south: lat - dLat * 0.75, north: lat + dLat * 0.75 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : NaN);
const fmt = (n: number, digits = 1) => (Number.isNaN(n) ? '-' : n.toFixed(digits));

/** Counts every command the shared document client sends (ElectroDB and the raw queries alike). */
function logCommands(): Map<string, number> {
  const seen = new Map<string, number>();
  dynamoClient().middlewareStack.add(
    ((next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => {
      const name = context.commandName ?? 'unknown';
      seen.set(name, (seen.get(name) ?? 0) + 1);
      return next(args);
    }) as never,
    { step: 'initialize', name: 'benchCommandLog' },
  );
  return seen;
}

interface Row {
  size: number;
  view: string;
  queries: number;
  cells: number[];
  times: number[];
  read: number[];
  returned: number[];
  strategies: Set<string>;
  zoomIn: number;
}

export async function benchViewport(): Promise<string> {
  const started = performance.now();
  const dynamo = await startMemoryDynamoDb();
  const previousEnv = { TABLE_NAME: process.env.TABLE_NAME, DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT };
  process.env.TABLE_NAME = TABLE;
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDb();
  const lines: string[] = [];
  try {
    // The client is a per-process singleton: refuse to run if something made it for another endpoint.
    const endpoint = await dynamoClient().config.endpoint?.();
    if (String(endpoint?.port) !== String(dynamo.port) || tableName() !== TABLE) {
      throw new Error(`the DynamoDB client points at ${endpoint?.hostname}:${endpoint?.port}, not the bench instance`);
    }
    await ensureTable(dynamo.port, TABLE);
    const commands = logCommands();
    // Self-test of the detector: a deliberate Scan must be seen, then the count starts from zero.
    await dynamoClient().send(new ScanCommand({ TableName: TABLE, Limit: 1 }));
    const detectorWorks = (commands.get('ScanCommand') ?? 0) === 1;
    commands.clear();

    let t = performance.now();
    const engine = getRoadEngine();
    const lgas = new LgaLookup();
    await writeLgas(lgas.lgas);
    const now = Math.floor(Date.now() / 1000);
    const next = random(SEED);
    const factory = { next, sampler: new RoadSampler(engine.graph, next), lgas, engine, now };
    const setupMs = performance.now() - t;

    const viewNext = random(SEED + 1);
    const viewSampler = new RoadSampler(engine.graph, viewNext);
    const viewports = VIEW_KINDS.map((kind) =>
      Array.from({ length: kind.queries + WARM_UP }, () => {
        const centre: [number, number] =
          kind.centre === 'road' ? viewSampler.point() : [154.6 + viewNext() * 1.8, -36.5 + viewNext() * 7.5];
        return viewAround(centre, kind.widthKm);
      }),
    );

    const model = new SeededModel();
    const rows: Row[] = [];
    const seeding: string[] = [];
    let checked = 0;
    let readMismatches = 0;
    let resultMismatches = 0;
    let bboxOnly = 0;
    const mismatchExamples: string[] = [];
    const queryCommands = new Map<string, number>();

    for (const size of SIZES) {
      t = performance.now();
      let generateMs = 0;
      let items = 0;
      while (model.size < size) {
        const g = performance.now();
        const chunk = Array.from({ length: Math.min(CHUNK, size - model.size) }, () => makeClosure(factory));
        generateMs += performance.now() - g;
        items += await writeClosures(chunk.map(({ closure, created }) => ({ closure, geometry: created.geometry! })));
        for (const { closure, created } of chunk) model.add(closure, created.geometry!);
      }
      await writeViewCounters(model.counters);
      const seedMs = performance.now() - t;
      seeding.push(
        `  ${String(size).padStart(7)}: +${items} items (closures + extra-cell items) in ${(seedMs / 1000).toFixed(1)} s ` +
          `(${(generateMs / 1000).toFixed(1)} s generating), ${Math.round((items / (seedMs - generateMs)) * 1000)} items/s written; ` +
          `gsi2 (GEO#) items now ${model.gsi2Items}`,
      );

      const commandsBefore = new Map(commands);
      if (size === SIZES[0]) {
        // JIT and connection warm-up (node and the Java side) before the first timed query.
        for (const views of viewports.slice(0, 2)) for (const bounds of views.slice(0, JIT_WARM_UP)) await queryClosuresInBounds(bounds, { now });
      }
      for (const [k, kind] of VIEW_KINDS.entries()) {
        const row: Row = { size, view: kind.name, queries: 0, cells: [], times: [], read: [], returned: [], strategies: new Set(), zoomIn: 0 };
        rows.push(row);
        const views = viewports[k];
        for (let i = 0; i < WARM_UP; i++) await queryClosuresInBounds(views[i], { now }).catch(() => undefined);
        const kindStarted = performance.now();
        for (let i = WARM_UP; i < views.length && performance.now() - kindStarted < BUDGET_MS; i++) {
          const bounds = views[i];
          const q = performance.now();
          let result: BoundsResult;
          try {
            result = await queryClosuresInBounds(bounds, { now });
          } catch (error) {
            if ((error as Error).name !== 'ValidationError') throw error;
            row.times.push(performance.now() - q);
            row.queries++;
            row.zoomIn++;
            continue;
          }
          row.times.push(performance.now() - q);
          row.queries++;
          row.cells.push(result.cells.length);
          row.read.push(result.itemsRead);
          row.returned.push(result.closures.length);
          row.strategies.add(result.strategy);
          if (result.strategy !== 'cells') continue;
          const expected = model.expected(bounds, result.cells);
          checked++;
          bboxOnly += expected.bboxOnly;
          const got = new Set(result.closures.map((c) => c.id));
          if (expected.itemsRead !== result.itemsRead) {
            readMismatches++;
            if (mismatchExamples.length < 3) mismatchExamples.push(`${kind.name} @${size}: itemsRead ${result.itemsRead}, model ${expected.itemsRead}`);
          }
          if (got.size !== expected.ids.length || expected.ids.some((id) => !got.has(id))) {
            resultMismatches++;
            if (mismatchExamples.length < 3) mismatchExamples.push(`${kind.name} @${size}: returned ${got.size}, model ${expected.ids.length}`);
          }
        }
      }
      for (const [name, n] of commands) queryCommands.set(name, (queryCommands.get(name) ?? 0) + n - (commandsBefore.get(name) ?? 0));
    }

    const header =
      'closures'.padStart(8) +
      '  ' +
      'viewport'.padEnd(19) +
      'queries'.padStart(8) +
      'cells'.padStart(11) +
      'p50 ms'.padStart(9) +
      'p95 ms'.padStart(9) +
      'items read (mean)'.padStart(19) +
      'returned (mean)'.padStart(17) +
      'read/returned'.padStart(15) +
      '  strategy';
    const table = rows.map((r) => {
      const sorted = [...r.times].sort((a, b) => a - b);
      const cells = r.cells.length && r.strategies.has('cells') ? `${fmt(mean(r.cells), 1)} (≤${Math.max(...r.cells)})` : '-';
      const read = mean(r.read);
      const returned = mean(r.returned);
      const strategy = [...r.strategies].join('+') || 'lgas';
      return (
        String(r.size).padStart(8) +
        '  ' +
        r.view.padEnd(19) +
        String(r.queries).padStart(8) +
        cells.padStart(11) +
        fmt(percentile(sorted, 50)).padStart(9) +
        fmt(percentile(sorted, 95)).padStart(9) +
        fmt(read).padStart(19) +
        fmt(returned).padStart(17) +
        (returned > 0 ? `${fmt(read / returned)}x` : '-').padStart(15) +
        `  ${strategy}${r.zoomIn ? ` (${r.zoomIn}/${r.queries} "zoom in")` : ''}`
      );
    });

    const scans = queryCommands.get('ScanCommand') ?? 0;
    const commandSummary = [...queryCommands]
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name.replace(/Command$/, '')} ${n}`).join(', ');
    lines.push(
      `Viewport queries (queryClosuresInBounds) on an in-memory DynamoDB Local, table ${TABLE}, seed ${SEED}`,
      `  closures along NSW roads (length-weighted), 300 m - 5 km; views ${VIEW_MIX.map(([v, s]) => `${v} ${s * 100}%`).join(', ')}; includeScheduled false`,
      `  viewports 4:3, centred on random road spots (sea: 154.6-156.4 E); up to ${QUERIES} queries per kind (${VIEW_KINDS[4].queries} for state) or ${BUDGET_MS / 1000} s, after ${WARM_UP} warm-up`,
      `  setup (road engine, LGAs) ${(setupMs / 1000).toFixed(1)} s; seeding, grown in place:`,
      ...seeding,
      '',
      header,
      ...table,
      '',
      `  no Scan: ${scans} ScanCommand among ${commandSummary} sent while querying (the detector ${detectorWorks ? 'caught' : 'MISSED'} a deliberate Scan in its self-test)`,
      `  itemsRead = items in the covering cells' GEO# partitions + batch-got closures (seeded model, no DynamoDB): ${checked - readMismatches}/${checked} cells-strategy queries`,
      `  returned ids = brute force over the seeded closures (visible, bbox meets view, a cell queried): ${checked - resultMismatches}/${checked}` +
        `${bboxOnly ? `; ${bboxOnly} visible closures had a bbox in view but no queried cell` : ''}`,
      ...mismatchExamples.map((m) => `    mismatch: ${m}`),
      `  total ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    process.env.TABLE_NAME = previousEnv.TABLE_NAME;
    process.env.DYNAMODB_ENDPOINT = previousEnv.DYNAMODB_ENDPOINT;
    if (previousEnv.TABLE_NAME === undefined) delete process.env.TABLE_NAME;
    if (previousEnv.DYNAMODB_ENDPOINT === undefined) delete process.env.DYNAMODB_ENDPOINT;
    resetDb();
    await dynamo.stop();
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchViewport().then((table) => console.log(table));
}
