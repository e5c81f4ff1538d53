// Schema-driven fuzzing of every query and mutation through the local API, as anonymous,
// resident, staff and admin. Property: every answer is data or an error with a clear message,
// never an internal error, a 5xx or an answer after more than 10 s; and a mutation refused every
// time changes nothing in the table. The seed is fixed in CI and printed otherwise.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { buildSchema, type GraphQLField } from 'graphql';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureCognitoUser } from '../../../local/cognito';
import { APPSYNC_PRELUDE } from '../../../local/appsync/scalars';
import { INTERNAL_MESSAGE } from '../../../lambdas/core/errors';
import { DEMO_PASSWORD, signIn, useStackTable, type Auth } from '../../support/api';
import { argumentsFor, documentFor, type FuzzIds } from './arbitraries';

const SEED = process.env.CI === 'true' ? 20_261_125 : Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Samples per operation, each as a caller drawn from the four (plus the shrinking of a failure). */
const SAMPLES = 6;
const ANSWER_LIMIT_MS = 10_000;
/** Items written on purpose even when a request is refused (attempt and rate counters, client error reports). */
const WRITTEN_ON_REFUSAL = new Set(['counter', 'clientError', 'rateLimit']);

const schema = buildSchema(`${APPSYNC_PRELUDE}\n${readFileSync(new URL('../../../lib/schema.graphql', import.meta.url), 'utf8')}`);
const operations = (['query', 'mutation'] as const).flatMap((operation) => {
  const type = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(type?.getFields() ?? {}).map((field) => ({ operation, field: field as GraphQLField<unknown, unknown> }));
});

type Role = 'anonymous' | 'resident' | 'staff' | 'admin';
let auth: Record<Role, Auth>;
let ids: FuzzIds;

async function freshUser(label: string, groups: string[]): Promise<{ uid: string; auth: Auth }> {
  const stack = inject('stack');
  const email = `fuzz-${label}-${randomUUID().slice(0, 8)}@fuzz.example`;
  const { sub } = await ensureCognitoUser(stack.ports.cognitoInternal, stack.userPoolId, { email, name: `Fuzz ${label}`, password: DEMO_PASSWORD, groups });
  const { createProfile } = await import('../../../lambdas/adapters/identity/principal');
  await createProfile(sub, email);
  return { uid: sub, auth: { token: (await signIn(email)).accessToken } };
}

beforeAll(async () => {
  useStackTable();
  console.log(`API fuzzing seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`);
  // Fresh accounts only: a fuzzed deleteAccount or settings change never touches the demo users.
  const [resident, staff, admin, other] = await Promise.all([
    freshUser('resident', []),
    freshUser('staff', ['staff']),
    freshUser('admin', ['admin']),
    freshUser('other', []),
  ]);
  auth = { anonymous: { apiKey: true }, resident: resident.auth, staff: staff.auth, admin: admin.auth };
  // LGAs no other test file relies on: the fuzzer's admin may change them at will.
  ids = { ids: [other.uid, resident.uid, staff.uid, randomUUID()], lgaCodes: ['10050', '17200', '99999'] };
});

async function call(query: string, variables: Record<string, unknown>, who: Auth) {
  const stack = inject('stack');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('apiKey' in who) headers['x-api-key'] = stack.apiKey;
  if ('token' in who) headers.authorization = who.token;
  const started = Date.now();
  const response = await fetch(`${stack.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(ANSWER_LIMIT_MS * 2) });
  const body = (await response.json()) as { data?: unknown; errors?: { errorType?: string; message?: string }[] };
  return { status: response.status, body, ms: Date.now() - started };
}

/** The table without the items written on purpose on refusal, as comparable text. */
async function tableText(): Promise<string> {
  const stack = inject('stack');
  const { dynamoClient } = await import('../../../lambdas/adapters/db/client');
  const items: string[] = [];
  // In parallel segments: DynamoDB Local answers each on a thread of its own.
  const segments = 4;
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await dynamoClient().send(new ScanCommand({ TableName: stack.tableName, ExclusiveStartKey, Segment: segment, TotalSegments: segments }));
        for (const item of page.Items ?? []) if (!WRITTEN_ON_REFUSAL.has(String(item.__edb_e__))) items.push(JSON.stringify(item));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }),
  );
  return items.sort().join('\n');
}

function checkAnswer(name: string, role: Role, answer: Awaited<ReturnType<typeof call>>): void {
  const where = `${name} as ${role}`;
  expect(answer.status, `${where}: HTTP status`).toBeLessThan(500);
  expect(answer.ms, `${where}: answered in ms`).toBeLessThanOrEqual(ANSWER_LIMIT_MS);
  for (const error of answer.body.errors ?? []) {
    expect(error.errorType, `${where}: ${error.message}`).not.toBe('Internal');
    expect(error.message, where).not.toBe(INTERNAL_MESSAGE);
    expect(error.message?.trim().length ?? 0, `${where}: error without a message`).toBeGreaterThan(0);
    expect(error.message, `${where}: internals in the message`).not.toMatch(/\bat .+\.(ts|js):\d+|ECONNREFUSED|ValidationException|TransactionCanceled/);
  }
}

describe('fuzzing every operation of the schema', () => {
  it(`answers ${operations.length} operations as four callers with data or a clear error, and refused mutations write nothing`, async () => {
    const roles: Role[] = ['anonymous', 'resident', 'staff', 'admin'];
    // The table as the last mutation refused every time left it: the next mutation's "before".
    // Scanning the whole table (thousands of items by now) twice for each mutation was most of
    // this file's time; once is enough when nothing was written in between.
    let unchangedSince: string | undefined;
    for (const { operation, field } of operations) {
      const query = documentFor(operation, field);
      const before = operation === 'mutation' ? (unchangedSince ?? (await tableText())) : '';
      unchangedSince = undefined;
      let refusedEveryTime = true;
      await fc.assert(
        fc.asyncProperty(argumentsFor(field, ids), fc.constantFrom(...roles), async (variables, role) => {
          const answer = await call(query, variables, auth[role]);
          checkAnswer(field.name, role, answer);
          if (!answer.body.errors?.length) refusedEveryTime = false;
        }),
        { seed: SEED, numRuns: SAMPLES, endOnFailure: true },
      );
      if (operation === 'mutation' && refusedEveryTime) {
        const after = await tableText();
        expect(after, `${field.name} was refused every time, yet the table changed`).toBe(before);
        unchangedSince = after;
      }
    }
  }, 600_000);
});
