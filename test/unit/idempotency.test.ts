// The rules of safe retries: which writes honour a key, how a key is read and checked, and that
// records are filed per caller and operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENT_MUTATIONS,
  KEYS_DIFFER_MESSAGE,
  KEY_INVALID_MESSAGE,
  idempotencyKeyOf,
  idempotencyScope,
  takeIdempotencyKey,
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

describe('the idempotencyKey argument', () => {
  it('is declared, optional, on every keyed mutation of the schema', () => {
    const schema = readFileSync('lib/schema.graphql', 'utf8');
    for (const name of IDEMPOTENT_MUTATIONS) {
      const line = schema.match(new RegExp(`^\\s*${name}\\(([^)]*)\\)`, 'm'));
      expect({ name, args: line?.[1] }).toEqual({ name, args: expect.stringContaining('idempotencyKey: String') });
      expect(line?.[1]).not.toContain('idempotencyKey: String!');
    }
  });

  it('is split off the arguments, so the field schema and the repeat check see the same details', () => {
    const input = { type: 'flood', position: { lat: -33.4, lng: 148 } };
    expect(takeIdempotencyKey({}, { input, idempotencyKey: 'report-key-0001' })).toEqual({ key: 'report-key-0001', rest: { input } });
    // Header only, argument null (a GraphQL variable left out) or absent: the header's key.
    expect(takeIdempotencyKey({ 'Idempotency-Key': 'report-key-0001' }, { input, idempotencyKey: null })).toEqual({ key: 'report-key-0001', rest: { input } });
    expect(takeIdempotencyKey({ 'idempotency-key': 'report-key-0001' }, { input })).toEqual({ key: 'report-key-0001', rest: { input } });
    expect(takeIdempotencyKey(undefined, { input })).toEqual({ key: undefined, rest: { input } });
  });

  it('may come in both places only when they agree', () => {
    expect(takeIdempotencyKey({ 'idempotency-key': 'same-key-123' }, { idempotencyKey: 'same-key-123' }).key).toBe('same-key-123');
    expect(() => takeIdempotencyKey({ 'idempotency-key': 'header-key-1' }, { idempotencyKey: 'argument-key-1' })).toThrow(KEYS_DIFFER_MESSAGE);
  });

  it('follows the header rule: 8 to 100 letters, digits, "-" or "_"', () => {
    for (const bad of ['short', '', 'x'.repeat(101), 'has space 123', 'emoji-key-\u{1F600}', '<script>alert</script>', 42, ['abcdefgh1'], { key: 'abcdefgh1' }]) {
      expect(() => takeIdempotencyKey({}, { idempotencyKey: bad })).toThrow(KEY_INVALID_MESSAGE);
    }
    expect(takeIdempotencyKey({}, { idempotencyKey: 'A'.repeat(100) }).key).toHaveLength(100);
    expect(takeIdempotencyKey({}, { idempotencyKey: 'a_b-c_d-1' }).key).toBe('a_b-c_d-1');
  });
});
