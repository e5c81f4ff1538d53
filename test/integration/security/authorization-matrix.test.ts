// The guard over the whole API: every Query, Mutation and Subscription of lib/schema.graphql has a
// row in authorization-matrix.ts with an outcome for each of the seven callers. Rows owned here
// run against the local stack; rows exercised by a per-domain matrix test must name an existing
// file that mentions the operation. A new operation cannot land without its row.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../support/api';
import { matrixCallers, type Callers } from '../closures/support';
import { CALLERS, MATRIX } from './authorization-matrix';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/** "Query.me", "Mutation.createClosure", … for every root field, including `extend type` blocks. */
function schemaOperations(): string[] {
  const document = parse(readFileSync(`${root}lib/schema.graphql`, 'utf8'));
  const names: string[] = [];
  for (const definition of document.definitions) {
    if ((definition.kind === 'ObjectTypeDefinition' || definition.kind === 'ObjectTypeExtension') && ROOT_TYPES.has(definition.name.value)) {
      for (const field of definition.fields ?? []) names.push(`${definition.name.value}.${field.name.value}`);
    }
  }
  return names;
}

const operations = schemaOperations();

describe('every operation has a row', () => {
  it('reads the operations of the schema', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations)('%s', (operation) => {
    const entry = MATRIX[operation];
    expect(entry, `${operation} has no row in test/integration/security/authorization-matrix.ts`).toBeDefined();
    expect(Object.keys(entry.expected).sort()).toEqual([...CALLERS].sort());
    expect(Boolean(entry.exercisedBy) !== Boolean(entry.document), `${operation}: give exercisedBy or document, not both`).toBe(true);
    if (entry.exercisedBy) {
      const file = `${root}${entry.exercisedBy}`;
      expect(existsSync(file), `${entry.exercisedBy} does not exist`).toBe(true);
      const field = operation.split('.')[1];
      expect(new RegExp(`\\b${field}\\b`).test(readFileSync(file, 'utf8')), `${entry.exercisedBy} does not exercise ${field}`).toBe(true);
    }
  });

  it('has no row for an operation the schema does not have', () => {
    expect(Object.keys(MATRIX).filter((key) => !operations.includes(key))).toEqual([]);
  });
});

const owned = Object.entries(MATRIX).filter(([, entry]) => entry.document);

describe('the rows the guard runs itself', () => {
  let c: Callers;
  beforeAll(async () => {
    c = await matrixCallers();
  });

  describe.each(owned)('%s', (operation, entry) => {
    it.each(CALLERS)('%s', async (caller) => {
      const variables = (await entry.variables?.(caller)) ?? {};
      const res = await gql(entry.document!, variables, c.auth[caller]);
      const expected = entry.expected[caller];
      if (expected === 'ok') {
        expect(res.errors, `${operation} as ${caller}`).toBeUndefined();
        expect(res.data?.[operation.split('.')[1]]).not.toBeUndefined();
      } else {
        expect(res.errors?.[0]?.errorType, `${operation} as ${caller}`).toBe(expected);
      }
    });
  });
});
