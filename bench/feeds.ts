// Feeds benchmark: what one closure change costs the communications consumer (its LGA's feeds and
// map file, and the all-LGA feeds) when many LGAs have live closures. Its own in-memory DynamoDB
// Local and s3rver; every DynamoDB and S3 command of a regeneration is counted.
//   npx tsx bench/feeds.ts   (BENCH_FEEDS_LGAS=120 BENCH_FEEDS_PER_LGA=25 by default)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { regenerateEveryLgaFeeds, regenerateFeeds } from '../lambdas/adapters/comms/feeds';
import { mapIndexOf } from '../lambdas/adapters/closures/map-index';
import type { ClosureRecord } from '../lambdas/core/closures/types';
import { ensureTable } from '../local/dynamodb';
import { BUCKETS, startS3 } from '../local/s3';
import { writeClosures, writeViewCounters } from './support/closure-writer';
import { freePort } from '../test/support/ports';
import { startMemoryDynamoDb } from './support/dynamodb-memory';
import { count, plain, type SectionReport } from './support/report';
import { countRequests } from './support/request-count';

const TABLE = 'road-closures-bench-feeds';
const LGAS = Number(process.env.BENCH_FEEDS_LGAS ?? 120);
const PER_LGA = Number(process.env.BENCH_FEEDS_PER_LGA ?? 25);
const CHANGES = 12;

/** A live closure of a made-up LGA: a short line near Forbes, every field a feed prints. */
function closureOf(lgaCode: string, n: number, now: number): ClosureRecord {
  const lng = 147 + (Number(lgaCode) % 100) / 50 + n / 1000;
  const lat = -33 - (Number(lgaCode) % 37) / 40;
  const scheduled = n % 10 === 9;
  return {
    id: `${lgaCode}-${String(n).padStart(4, '0')}`, lgaCode, view: scheduled ? 'SCHEDULED' : 'ACTIVE', active: !scheduled, condition: n % 4 ? 'closed' : 'changed',
    type: 'flood', reason: 'Benchmark closure: water over the road', detour: 'Use the signed detour', position: { lat, lng },
    geohash: 'r1', geohash4: 'r1ab', geohash7: 'r1abcde', cells: ['r1ab'],
    nearestLocation: { name: 'Newell Highway', location: { lat, lng }, distance: 3 }, formattedAddress: 'Newell Highway, Forbes, NSW',
    regions: [{ id: 'r1', geometry: { type: 'LineString', coordinates: [[lng, lat], [lng + 0.004, lat + 0.003], [lng + 0.01, lat + 0.004]] }, createdAt: now - 3600, updatedAt: now - 3600 }],
    ...(scheduled ? { scheduledFor: now + 86_400 } : {}), estimatedReopening: now + 7 * 86_400,
    media: [], subscriberCount: 0, version: 1, createdAt: now - 3600 - n, updatedAt: now - 60 - n,
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function benchFeeds(): Promise<SectionReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-feeds-'));
  const dynamo = await startMemoryDynamoDb();
  const s3Port = await freePort();
  const s3 = await startS3(dataDir, s3Port);
  const saved = Object.fromEntries(['TABLE_NAME', 'DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'FEEDS_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'].map((k) => [k, process.env[k]]));
  Object.assign(process.env, {
    TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint, S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, FEEDS_BUCKET: BUCKETS.feeds,
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  try {
    await ensureTable(dynamo.port, TABLE);
    const now = Math.floor(Date.now() / 1000);
    const codes = Array.from({ length: LGAS }, (_, i) => String(10_000 + i * 37));
    const closures = codes.flatMap((code) => Array.from({ length: PER_LGA }, (_, n) => closureOf(code, n, now)));
    await writeClosures(closures.map((closure) => ({ closure, index: mapIndexOf(closure) })));
    const counters = new Map<string, number>();
    for (const c of closures) counters.set(`${c.view}|${c.lgaCode}`, (counters.get(`${c.view}|${c.lgaCode}`) ?? 0) + 1);
    await writeViewCounters(counters);

    const seed = await countRequests(() => regenerateEveryLgaFeeds(now));
    const runs = [];
    for (let i = 0; i < CHANGES; i++) runs.push(await countRequests(() => regenerateFeeds(codes[(i * 7) % codes.length], now)));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const last = runs.at(-1)!;
    const printed = [
      `${LGAS} LGAs × ${PER_LGA} closures (${closures.length} live, 10 % scheduled), ${CHANGES} closure changes one after another`,
      `every LGA's files at start-up: ${(seed.ms / 1000).toFixed(1)} s, ${seed.dynamo} DynamoDB and ${seed.s3} S3 commands`,
      `one closure change (its LGA and all): median ${pct(ms, 50).toFixed(0)} ms, p95 ${pct(ms, 95).toFixed(0)} ms, ${last.dynamo} DynamoDB and ${last.s3} S3 commands; all-LGA feed ${JSON.stringify(last.value)}`,
    ].join('\n');
    // No target: the command counts are the figure to trust; times follow the machine's load.
    return {
      printed,
      inputs: `${LGAS} synthetic LGAs × ${PER_LGA} synthetic live closures (${count(closures.length)}, 10 % scheduled), ${CHANGES} closure changes one after another; in-memory DynamoDB Local and s3rver`,
      figures: [
        plain("every LGA's files at start-up", `${(seed.ms / 1000).toFixed(1)} s, ${seed.dynamo} DynamoDB and ${seed.s3} S3 commands`),
        plain('one closure change (its LGA and all), median', `${pct(ms, 50).toFixed(0)} ms`),
        plain('one closure change, p95', `${pct(ms, 95).toFixed(0)} ms`),
        plain('one closure change, commands sent', `${last.dynamo} DynamoDB, ${last.s3} S3`),
      ],
    };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await s3.close();
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === pathToFileURL(fileURLToPath(import.meta.url)).href) {
  console.log((await benchFeeds()).printed);
}
