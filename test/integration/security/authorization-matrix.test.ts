// The authorization matrix of the whole API, run: every Query, Mutation and Subscription field of
// lib/schema.graphql has a row (security/matrix/), and each of its seven cells (anonymous,
// resident, staff without and with the role, staff of another council, an ex-customer's staff,
// admin) is called on the local stack, over HTTP or the realtime protocol, and must get what the
// row says. A field without a row fails here, by name. How to read and add rows: docs/security.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, type Auth } from '../../support/api';
import { connectRealtime } from '../../support/realtime';
import { cellFor, setUpCallers } from './matrix/callers';
import { CALLERS, DENIALS, MATRIX, type Caller, type Outcome, type Row } from './matrix';

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);
/** Cells in flight at once: the stack shares two cores with the test worker. */
const CONCURRENCY = 6;

/** "Query.me", "Mutation.createClosure", … for every root field, `extend type` blocks included. */
function schemaOperations(): string[] {
  const schema = readFileSync(fileURLToPath(new URL('../../../lib/schema.graphql', import.meta.url)), 'utf8');
  const names: string[] = [];
  for (const definition of parse(schema).definitions) {
    if ((definition.kind === 'ObjectTypeDefinition' || definition.kind === 'ObjectTypeExtension') && ROOT_TYPES.has(definition.name.value)) {
      for (const field of definition.fields ?? []) names.push(`${definition.name.value}.${field.name.value}`);
    }
  }
  return names;
}

const operations = schemaOperations();

describe('every operation of the schema has a row', () => {
  it('reads the operations of the schema', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations)('%s', (operation) => {
    const row = MATRIX[operation];
    expect(row, `${operation} has no row in test/integration/security/matrix/`).toBeDefined();
    expect(Object.keys(row.expected).sort()).toEqual([...CALLERS].sort());
  });

  it('has no row for an operation the schema does not have', () => {
    expect(Object.keys(MATRIX).filter((key) => !operations.includes(key))).toEqual([]);
  });
});

/** What a cell got: the first error (type and message) and whether the field answered. */
interface Answer {
  errorType?: string;
  message?: string;
  answered: boolean;
  detail: string;
}

async function overHttp(operation: string, document: string, variables: Record<string, unknown>, auth: Auth): Promise<Answer> {
  const res = await gql(document, variables, auth);
  const field = operation.split('.')[1];
  const error = res.errors?.[0];
  return {
    errorType: error ? (error.errorType ?? `HTTP ${res.status}`) : undefined,
    message: error?.message,
    answered: !res.errors && res.data !== undefined && field in (res.data ?? {}),
    detail: JSON.stringify(res.errors ?? res.data).slice(0, 400),
  };
}

/** Subscribes over the realtime protocol: start_ack is allowed, an error is what refused it. */
async function overRealtime(document: string, variables: Record<string, unknown>, auth: Auth): Promise<Answer> {
  const host = `127.0.0.1:${inject('stack').ports.web}`;
  const authorization: Record<string, string> = 'token' in auth ? { host, Authorization: auth.token } : { host, 'x-api-key': inject('stack').apiKey };
  const { socket, next, opened } = connectRealtime(authorization);
  try {
    await opened;
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await next((m) => m.type === 'connection_ack');
    socket.send(JSON.stringify({ id: 'matrix', type: 'start', payload: { data: JSON.stringify({ query: document, variables }), extensions: { authorization } } }));
    const first = await next((m) => m.id === 'matrix' && (m.type === 'start_ack' || m.type === 'error'));
    const error = first.type === 'error' ? first.payload?.errors?.[0] : undefined;
    return { errorType: error ? (error.errorType ?? 'error') : undefined, message: error?.message, answered: first.type === 'start_ack', detail: JSON.stringify(first).slice(0, 400) };
  } finally {
    socket.close();
  }
}

// --- running the cells: at most CONCURRENCY at once, cells of one lock one after another ---
let running = 0;
const waiting: (() => void)[] = [];
/**
 * A place among the running cells. A cell of a lock asks only once the cell before it is done, when
 * every other cell is already waiting: it goes first, or a lock's row would wait for the whole
 * matrix and its tests (early in the file) time out as the matrix grows.
 */
async function slot<T>(work: () => Promise<T>, first = false): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const locks = new Map<string, Promise<unknown>>();
function withLock<T>(lock: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!lock) return work();
  const turn = (locks.get(lock) ?? Promise.resolve()).then(work);
  locks.set(lock, turn.catch(() => undefined));
  return turn;
}

async function runCell(operation: string, row: Row, caller: Caller): Promise<Answer> {
  const cell = await cellFor(row, caller);
  const { variables = {}, auth = cell.auth } = (await row.call?.(cell)) ?? {};
  return operation.startsWith('Subscription.') ? overRealtime(row.document, variables, auth) : overHttp(operation, row.document, variables, auth);
}

const rows = Object.entries(MATRIX).filter(([operation]) => operations.includes(operation));
const answers = new Map<string, Promise<Answer>>();

describe('every cell', () => {
  // Started together (at most CONCURRENCY at once); each cell's test waits for its own answer.
  beforeAll(async () => {
    await setUpCallers();
    for (const [operation, row] of rows) {
      for (const caller of CALLERS) {
        const answer = withLock(row.lock, () => slot(() => runCell(operation, row, caller), Boolean(row.lock)));
        answer.catch(() => undefined); // reported by the cell's own test
        answers.set(`${operation}/${caller}`, answer);
      }
    }
  });

  describe.each(rows)('%s', { timeout: 180_000 }, (operation, row) => {
    it.each(CALLERS)('%s', async (caller) => {
      const answer = await answers.get(`${operation}/${caller}`)!;
      const expected: Outcome = row.expected[caller];
      const where = `${operation} as ${caller}: ${answer.detail}`;
      if (expected === 'ok') {
        expect(answer.errorType, where).toBeUndefined();
        expect(answer.answered, where).toBe(true);
        return;
      }
      expect(answer.errorType, where).toBe(expected);
      if ((DENIALS as readonly string[]).includes(expected)) expect(answer.answered, where).toBe(false);
    });
  });
});
