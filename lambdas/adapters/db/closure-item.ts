// A closure item read by a raw query, as ElectroDB's parse would hand it back (only the entity's
// attributes, the compact ones decoded), without parse's per-item validation: the map reads hundreds of
// closure items per view and this is its hot path. Keys and index fields stay behind.
import { ClosureEntity } from './entities/closure';
import { COMPACT_CLOSURE_ATTRIBUTES, decodeCompactJson } from './entities/compact-json';

const ATTRIBUTES: readonly string[] = Object.keys(ClosureEntity.schema.attributes);

/**
 * What a map index query asks DynamoDB for: a closure's attributes and what a pointer item needs
 * (its entity, closure and box), not the keys and index fields (a fifth of a closure item).
 */
export const MAP_PROJECTION = (() => {
  const fields = [...new Set([...ATTRIBUTES, '__edb_e__', 'closureId', 'bbox'])];
  return {
    expression: fields.map((_, i) => `#p${i}`).join(', '),
    names: Object.fromEntries(fields.map((field, i) => [`#p${i}`, field])),
  };
})();

export function closureFromItem(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ATTRIBUTES) if (item[name] !== undefined) out[name] = item[name];
  for (const name of COMPACT_CLOSURE_ATTRIBUTES) if (out[name] !== undefined) out[name] = decodeCompactJson(out[name]);
  return out;
}
