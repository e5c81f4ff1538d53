// Keeps the first result of each keyed write so a repeat is answered without writing again:
// Powertools idempotency with its DynamoDB persistence layer, on the single table.
// Records live at pk `IDEMPOTENCY#{uid}` / sk `api#{hash of operation and key}` (one partition
// per caller), carry a hash of the request's arguments (a repeat with other details is refused)
// and expire through the table's TTL attribute `expiresAt`.
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { IDEMPOTENCY_RECORD_SECONDS, idempotencyScope, keyReused, stillInProgress } from '../../core/idempotency';
import { tableName } from '../db/client';
import { TABLE_KEYS } from '../db/table-definition';
import { clientPerEndpoint } from '../platform/client-per-endpoint';

const rawClient: () => DynamoDBClient = clientPerEndpoint(
  () => process.env.DYNAMODB_ENDPOINT,
  (endpoint) =>
    new DynamoDBClient({
      region: process.env.AWS_REGION ?? 'ap-southeast-2',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }),
);

/** The caller's own partition: a layer is cheap (it shares the client), one per caller and call. */
function persistenceFor(uid: string): DynamoDBPersistenceLayer {
  return new DynamoDBPersistenceLayer({
    tableName: tableName(),
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    staticPkValue: `IDEMPOTENCY#${uid}`,
    expiryAttr: TABLE_KEYS.timeToLiveAttribute,
    awsSdkV3Client: rawClient(),
  });
}

interface KeyedRequest {
  scope: string;
  payload: unknown;
}

export interface KeyedWrite {
  uid: string;
  fieldName: string;
  key: string;
  /** The request's arguments: a repeat must carry the same ones. */
  payload: unknown;
  context?: Context;
}

/** How long a repeat waits for the first request to finish before it is told to try again. */
const WAIT_FOR_FIRST_MS = 20_000;

/**
 * Runs `write` once per (caller, operation, key): the first call writes and its result is kept;
 * repeats (also ones arriving while the first still runs) get that result; a repeat with other
 * arguments is refused and writes nothing. A failed first call keeps nothing, so it can be retried.
 */
export async function runOnce<T>(request: KeyedWrite, write: () => Promise<T>): Promise<T> {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'scope',
    payloadValidationJmesPath: 'payload',
    expiresAfterSeconds: IDEMPOTENCY_RECORD_SECONDS,
    hashFunction: 'sha256',
    throwOnNoIdempotencyKey: true,
  });
  if (request.context) config.registerLambdaContext(request.context);
  const once = makeIdempotent(
    // The kept result must be what the client saw: plain JSON (no undefined fields).
    async (_keyed: KeyedRequest) => JSON.parse(JSON.stringify((await write()) ?? null)) as T,
    { persistenceStore: persistenceFor(request.uid), config, keyPrefix: 'api' },
  );
  const keyed: KeyedRequest = { scope: idempotencyScope(request.uid, request.fieldName, request.key), payload: request.payload };
  const giveUpAt = Date.now() + Math.min(WAIT_FOR_FIRST_MS, Math.max(0, (request.context?.getRemainingTimeInMillis() ?? WAIT_FOR_FIRST_MS) - 2_000));
  for (let attempt = 0; ; attempt++) {
    try {
      return await once(keyed);
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'IdempotencyValidationError') throw keyReused();
      if (name !== 'IdempotencyAlreadyInProgressError') throw error;
      if (Date.now() >= giveUpAt) throw stillInProgress();
      // The first request is still writing: look again shortly (jittered so repeats spread out).
      await sleep(Math.min(1_000, 100 * 2 ** Math.min(attempt, 3)) * (0.5 + Math.random() / 2));
    }
  }
}
