// Stripe emulator: list pages and `expand[]`. Lists are `{ object: 'list', data, has_more, url }`,
// newest first, paged with `limit` (1–100, default 10), `starting_after` and `ending_before`.
// Expansion swaps an id for the object it names, following dotted paths such as
// `data.customer` or `items.data.price.product`.
import { invalidParam, type StripeApiError } from './errors';
import { int, list, str, type Params } from './form';
import type { Collection, Store, StripeObject } from './store';

export function listPage(url: string, objects: StripeObject[], params: Params): Record<string, unknown> {
  const limit = int(params, 'limit') ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidParam('limit', 'This value must be greater than or equal to 1 and less than or equal to 100.');
  }
  const sorted = [...objects].sort((a, b) => (b.created ?? 0) - (a.created ?? 0) || (b._seq as number ?? 0) - (a._seq as number ?? 0));
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = sorted.length;
  if (after) start = indexOrThrow(sorted, after, 'starting_after') + 1;
  if (before) {
    end = indexOrThrow(sorted, before, 'ending_before');
    start = Math.max(0, end - limit);
  }
  const data = sorted.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + limit < end;
  return { object: 'list', data, has_more: hasMore, url };
}

function indexOrThrow(objects: StripeObject[], id: string, param: string): number {
  const index = objects.findIndex((object) => object.id === id);
  if (index < 0) throw invalidParam(param, `No such object: '${id}'`) as StripeApiError;
  return index;
}

const PREFIXES: [string, Collection][] = [
  ['cus_', 'customers'],
  ['prod_', 'products'],
  ['price_', 'prices'],
  ['txr_', 'tax_rates'],
  ['promo_', 'promotion_codes'],
  ['cs_', 'checkout_sessions'],
  ['sub_', 'subscriptions'],
  ['in_', 'invoices'],
  ['pm_', 'payment_methods'],
];

function lookup(store: Store, id: string, hint?: string): StripeObject | undefined {
  if (hint === 'coupon') return store.get('coupons', id);
  if (hint === 'product') return store.get('products', id);
  for (const [prefix, collection] of PREFIXES) {
    if (id.startsWith(prefix)) return store.get(collection, id);
  }
  return undefined;
}

function expandPath(store: Store, node: unknown, parts: string[]): unknown {
  if (parts.length === 0 || node === null || node === undefined) return node;
  if (Array.isArray(node)) return node.map((item) => expandPath(store, item, parts));
  if (typeof node !== 'object') return node;
  const [head, ...rest] = parts;
  const record = { ...(node as Record<string, unknown>) };
  let value = record[head];
  if (typeof value === 'string') value = lookup(store, value, head) ?? value;
  else if (value === undefined && `_${head}` in record) value = record[`_${head}`];
  if (value !== undefined) record[head] = expandPath(store, value, rest);
  return record;
}

/** Applies every `expand[]` path given with the request to a response object. */
export function expand(store: Store, response: unknown, params: Params): unknown {
  let out = response;
  for (const entry of list(params, 'expand')) {
    if (typeof entry === 'string') out = expandPath(store, out, entry.split('.'));
  }
  return out;
}
