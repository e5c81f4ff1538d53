// Arguments for any operation of lib/schema.graphql, generated from its types: hostile and huge
// strings, object-property names, long lists, out-of-range numbers, malformed GeoJSON, wrong
// enum values and ids of other LGAs and users. New operations are covered without new code.
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';

export interface FuzzIds {
  /** Ids of other users, closures, reports and media the caller does not own. */
  ids: string[];
  /** LGA codes the fuzzer may write to (never the ones other test files rely on). */
  lgaCodes: string[];
}

const PROPERTY_NAMES = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__', 'valueOf'];
const HOSTILE = [
  '',
  ' ',
  "' OR '1'='1",
  '"; DROP TABLE closures; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0644\u0627',
  '🚧🌊'.repeat(50),
  '${jndi:ldap://x}',
  'NaN',
  '-1',
  'null',
  'undefined',
  'LGA#12900',
  'CLOSURE#x',
  '*',
  'x'.repeat(5_000),
  'y'.repeat(300_000),
];

const MALFORMED_GEOJSON = [
  '{',
  '[]',
  'null',
  '"LineString"',
  '{"type":"LineString"}',
  '{"type":"LineString","coordinates":[]}',
  '{"type":"LineString","coordinates":[[147.9,-33.4]]}',
  '{"type":"LineString","coordinates":[[1e400,-33.4],[147.9,-33.5]]}',
  '{"type":"LineString","coordinates":[[500,-95],[147.9,-33.5]]}',
  '{"type":"LineString","coordinates":[["a","b"],[147.9,-33.5]]}',
  '{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,1],[0,0]]]}',
  '{"type":"Point","coordinates":[147.9,-33.4]}',
  '{"__proto__":{"admin":true},"type":"LineString","coordinates":[[147.9,-33.4],[147.91,-33.41]]}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify({ type: 'LineString', coordinates: Array.from({ length: 6000 }, (_, i) => [147.9 + i * 1e-5, -33.4]) }),
  JSON.stringify({ type: 'LineString', coordinates: [[147.9, -33.4], [-70, 40]] }),
];

const INT_EDGES = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 1_000_000_000, 86_400 * 365 * 1000];

function stringFor(name: string, ids: FuzzIds): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  const pool: fc.Arbitrary<string>[] = [fc.constantFrom(...HOSTILE), fc.constantFrom(...PROPERTY_NAMES), fc.string({ maxLength: 40 }), fc.uuid()];
  if (lower.includes('lga') || lower === 'code') pool.push(fc.constantFrom(...ids.lgaCodes), fc.stringMatching(/^\d{5}$/));
  if (lower.endsWith('id') || lower.endsWith('ids')) pool.push(fc.constantFrom(...ids.ids));
  if (lower.includes('email')) pool.push(fc.emailAddress(), fc.constantFrom('admin@example.com', 'not-an-email', `${'a'.repeat(300)}@example.com`));
  if (lower.includes('geometry') || lower.includes('polygon') || lower.includes('json') || lower.includes('options') || lower === 'data') {
    pool.push(fc.constantFrom(...MALFORMED_GEOJSON), fc.json({ maxDepth: 3 }));
  }
  return fc.oneof(...pool);
}

function scalarFor(typeName: string, name: string, ids: FuzzIds): fc.Arbitrary<unknown> {
  switch (typeName) {
    case 'Int':
    case 'AWSTimestamp':
      return fc.oneof(fc.constantFrom(...INT_EDGES), fc.integer());
    case 'Float':
      return fc.oneof(fc.constantFrom(0, -0.0001, 90.0001, -180.5, 1e308, -1e308, 5e-324), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'Boolean':
      return fc.boolean();
    case 'AWSJSON':
      return fc.oneof(fc.constantFrom(...MALFORMED_GEOJSON), fc.json({ maxDepth: 3 }), fc.constantFrom(...HOSTILE));
    default:
      return stringFor(name, ids);
  }
}

/** A value for an input type; `depth` keeps recursive inputs finite. */
export function valueFor(type: GraphQLInputType, name: string, ids: FuzzIds, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueFor(type.ofType, name, ids, depth);
  const inner = nullableValueFor(type, name, ids, depth);
  return fc.oneof({ arbitrary: inner, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 });
}

function nullableValueFor(type: GraphQLInputType, name: string, ids: FuzzIds, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueFor(type.ofType, name, ids, depth);
  if (isListType(type)) {
    const item = valueFor(type.ofType as GraphQLInputType, name, ids, depth + 1);
    return fc.oneof({ arbitrary: fc.array(item, { maxLength: 4 }), weight: 5 }, { arbitrary: fc.array(item, { minLength: 200, maxLength: 300 }), weight: 1 });
  }
  if (isEnumType(type)) return fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.value as string)), fc.constantFrom('NOT_A_VALUE', '__proto__'));
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant(null);
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((f) => [f.name, valueFor(f.type, f.name, ids, depth + 1)])), {
      requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
    });
  }
  if (isScalarType(type)) return scalarFor(type.name, name, ids);
  return fc.constant(null);
}

/** Every argument of the field, as GraphQL variables. */
export function argumentsFor(field: GraphQLField<unknown, unknown>, ids: FuzzIds): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(field.args.map((a) => [a.name, valueFor(a.type, a.name, ids)])), {
    requiredKeys: field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name),
  });
}

/** `query Fuzz($a: T!, ...) { field(a: $a, ...) { leaves } }` for a root field. */
export function documentFor(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const params = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${operation} Fuzz${params ? `(${params})` : ''} { ${field.name}${args ? `(${args})` : ''}${selectionOf(field.type)} }`;
}

/** The leaf fields of the result (without arguments), or nothing for a scalar result. */
function selectionOf(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (!isCompositeType(named)) return '';
  if (!isObjectType(named)) return ' { __typename }';
  const leaves = Object.values(named.getFields())
    .filter((f) => f.args.length === 0 && !isObjectType(getNamedType(f.type)) && !getNamedType(f.type).name.startsWith('__'))
    .map((f) => f.name);
  return ` { __typename ${leaves.join(' ')} }`;
}
