// The rules of safe retries: which writes honour a key, how a key is read and checked, and that
// records are filed per caller and operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENT_MUTATIONS,
  KEY_INVALID_MESSAGE,
  idempotencyKeyOf,
  idempotencyScope,
} from '../../lambdas/core/idempotency';

describe('idempotent mutations', () => {
  it('cover every create and submit mutation of the schema', () => {
    const schema = readFileSync('lib/schema.graphql', 'utf8');
    const mutation = schema.slice(schema.indexOf('type Mutation'));
    const body = mutation.slice(0, mutation.indexOf('\n}'));
    const creates = [...body.matchAll(/^\s*((?:create|submit)\w*)\s*\(/gm)].map((m) => m[1]);
    expect(creates.length).toBeGreaterThan(5);
    for (const name of creates) expect(IDEMPOTENT_MUTATIONS).toContain(name);
    for (const name of ['createClosure', 'submitReport', 'setUnsealedRoadsStatus', 'createCheckoutSession']) expect(IDEMPOTENT_MUTATIONS).toContain(name);
  });
});

describe('idempotencyKeyOf', () => {
  it('reads the header whatever its case, and treats a missing or empty one as no key', () => {
    expect(idempotencyKeyOf({ 'idempotency-key': 'abcd1234-ef' })).toBe('abcd1234-ef');
    expect(idempotencyKeyOf({ 'Idempotency-Key': 'ABCDEFGH_1' })).toBe('ABCDEFGH_1');
    expect(idempotencyKeyOf({})).toBeUndefined();
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf({ 'idempotency-key': '' })).toBeUndefined();
  });

  it('refuses short, long or strange keys with a clear message', () => {
    for (const bad of ['short', 'x'.repeat(101), 'has space 123', 'semi;colon123', '../../etc/pwd']) {
      expect(() => idempotencyKeyOf({ 'idempotency-key': bad })).toThrow(KEY_INVALID_MESSAGE);
    }
    expect(() => idempotencyKeyOf({ 'idempotency-key': 42 as unknown as string })).toThrow(KEY_INVALID_MESSAGE);
  });
});

describe('idempotencyScope', () => {
  it('differs per caller and per operation for one key', () => {
    const key = '5f1e2d3c-aaaa-bbbb';
    const scopes = new Set([
      idempotencyScope('user-a', 'submitReport', key),
      idempotencyScope('user-b', 'submitReport', key),
      idempotencyScope('user-a', 'createClosure', key),
    ]);
    expect(scopes.size).toBe(3);
  });
});
