// State hazards benchmark: what one import cycle of the Live Traffic NSW feed costs when the state
// lists 400 hazards and 50 of them changed since the last cycle: items written, and every DynamoDB
// and S3 command sent. Its own in-memory DynamoDB Local and s3rver; the feed's answers are made
// here (synthetic hazards in the feed's shape, spread over central NSW), so no network is used.
//   npx tsx bench/state-hazards.ts   (npm run bench -- state-hazards)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importStateHazards } from '../lambdas/adapters/livetraffic/import';
import { setLocalEventSink } from '../lambdas/adapters/platform/events';
import type { HazardKind } from '../lambdas/core/livetraffic/hazard';
import { ensureTable } from '../local/dynamodb';
import { BUCKETS, startS3 } from '../local/s3';
import { freePort } from '../test/support/ports';
import { startMemoryDynamoDb } from './support/dynamodb-memory';
import { plain, type SectionReport } from './support/report';
import { countRequests } from './support/request-count';

const TABLE = 'road-closures-bench-state-hazards';
const HAZARDS = 400;
const CHANGED = 50;

/** A hazard as the feed sends it; `revision` changes its advice (a changed hazard). */
function feature(n: number, revision: number) {
  const lng = 147 + (n % 20) * 0.17;
  const lat = -32.6 - Math.floor(n / 20) * 0.09;
  return {
    type: 'Feature',
    id: 800_000 + n,
    geometry: { type: 'POINT', coordinates: [lng, lat] },
    properties: {
      headline: `BENCHMARK ROADWORK ${n}`,
      mainCategory: 'Scheduled road works',
      incidentKind: 'Planned',
      ended: false,
      adviceA: 'Reduced speed limit',
      adviceB: revision ? `Revision ${revision}` : ' ',
      otherAdvice: 'Allow extra travel time.<br/>',
      lastUpdated: 1_764_000_000_000 + revision,
      roads: [{ mainStreet: 'Newell Highway', crossStreet: ' ', impactedLanes: [{ affectedDirection: 'Both directions', extent: 'Lanes closed' }] }],
      periods: [],
    },
  };
}

const answers = (changed: number) => async (kind: HazardKind) => ({
  kind,
  body: { type: 'FeatureCollection', features: kind === 'roadwork' ? Array.from({ length: HAZARDS }, (_, n) => feature(n, n < changed ? 1 : 0)) : [] },
  bytes: 0,
});

export async function benchStateHazards(): Promise<SectionReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-state-hazards-'));
  const dynamo = await startMemoryDynamoDb();
  const s3Port = await freePort();
  const s3 = await startS3(dataDir, s3Port);
  const saved = Object.fromEntries(['TABLE_NAME', 'DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'FEEDS_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'].map((k) => [k, process.env[k]]));
  Object.assign(process.env, {
    TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint, S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, FEEDS_BUCKET: BUCKETS.feeds,
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const events: string[] = [];
  setLocalEventSink((event) => events.push(event.type));
  try {
    await ensureTable(dynamo.port, TABLE);
    const first = await countRequests(() => importStateHazards({ fetchKind: answers(0) }));
    const cycle = await countRequests(() => importStateHazards({ fetchKind: answers(CHANGED) }));
    const still = await countRequests(() => importStateHazards({ fetchKind: answers(CHANGED) }));
    const line = (label: string, r: typeof cycle) =>
      `${label}: ${r.value.written} items written, ${r.value.removed} removed, ${r.dynamo} DynamoDB and ${r.s3} S3 commands, ${(r.ms / 1000).toFixed(1)} s`;
    const printed = [
      `${HAZARDS} synthetic state hazards in the feed's shape (roadworks on the Newell Highway's line of councils), ${CHANGED} of them changed in the second cycle`,
      line('first import (every hazard new)', first),
      line(`one cycle with ${CHANGED} changed`, cycle),
      line('one cycle with nothing changed', still),
      `subscriber alerts published: ${events.length} (a change to a hazard is not news; openings and endings are)`,
    ].join('\n');
    return {
      printed,
      inputs: `${HAZARDS} synthetic state hazards in the Live Traffic NSW feed's shape, ${CHANGED} changed; in-memory DynamoDB Local and s3rver`,
      figures: [
        plain(`one import cycle, ${CHANGED} of ${HAZARDS} changed: items written`, `${cycle.value.written}`),
        plain(`one import cycle, ${CHANGED} of ${HAZARDS} changed: commands sent`, `${cycle.dynamo} DynamoDB, ${cycle.s3} S3`),
        plain('one import cycle, nothing changed: commands sent', `${still.dynamo} DynamoDB, ${still.s3} S3`),
      ],
    };
  } finally {
    setLocalEventSink(undefined);
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
  console.log((await benchStateHazards()).printed);
}
