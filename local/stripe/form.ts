// Stripe emulator: decodes the Stripe SDK's form bodies and query strings. The SDK sends nested
// parameters as `a[b][0][c]=v` (qs "indexed" style) and `expand[0]=x`; this turns them back into
// objects and arrays. Values stay strings; resources convert numbers and booleans themselves.

export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  const rest = key.slice(first);
  for (const match of rest.matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]);
  return parts;
}

function assign(target: Params, path: string[], value: string): void {
  let node: Params = target;
  for (let i = 0; i < path.length - 1; i++) {
    const part = path[i] === '' ? String(Object.keys(node).length) : path[i];
    const existing = node[part];
    if (typeof existing !== 'object' || existing === null) node[part] = {};
    node = node[part] as Params;
  }
  const last = path[path.length - 1];
  node[last === '' ? String(Object.keys(node).length) : last] = value;
}

/** Objects whose keys are all 0..n-1 become arrays (Stripe's indexed arrays). */
function arraysFromIndexes(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const key of keys) converted[key] = arraysFromIndexes(value[key]);
  const isArray = keys.length > 0 && keys.every((key, i) => /^\d+$/.test(key)) &&
    keys.map(Number).sort((a, b) => a - b).every((n, i) => n === i);
  if (!isArray) return converted;
  return keys.map(Number).sort((a, b) => a - b).map((n) => converted[String(n)]);
}

export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) assign(root, splitKey(key), value);
  return arraysFromIndexes(root) as Params;
}

// Readers for typed access to parsed parameters.
export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

export function int(params: Params, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : Number.NaN;
}

export function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  return value === 'true';
}

export function obj(params: Params, key: string): Params | undefined {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function list(params: Params, key: string): ParamValue[] {
  const value = params[key];
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}

/** Metadata: string values; an empty string removes a key (Stripe's rule on update). */
export function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const given = params.metadata;
  if (given === '') return {};
  if (!given || typeof given !== 'object' || Array.isArray(given)) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (value === '') delete next[key];
    else if (typeof value === 'string') next[key] = value;
  }
  return next;
}
