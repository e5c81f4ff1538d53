// Stripe emulator: the emulator's whole state, kept in memory and written to one JSON file after
// every change (write to a temporary file, then rename) so a restart keeps every customer,
// subscription, invoice and event. Ids look like Stripe's (`cus_…`, `sub_…`, `cs_test_…`).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A Stripe object as the API returns it. Keys starting with `_` are the emulator's own and never sent. */
export type StripeObject = { id: string; object: string; created?: number; [key: string]: unknown };

export const COLLECTIONS = [
  'customers',
  'products',
  'prices',
  'tax_rates',
  'coupons',
  'promotion_codes',
  'checkout_sessions',
  'subscriptions',
  'invoices',
  'payment_methods',
  'portal_sessions',
  'refunds',
  'events',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export type Delivery = { attempts: number; delivered: boolean; lastStatus?: number; lastError?: string; deliveredAt?: number };

export type IdempotentResponse = { method: string; path: string; body: string; status: number; response: string };

export type State = {
  [K in Collection]: Record<string, StripeObject>;
} & {
  deliveries: Record<string, Delivery>;
  idempotency: Record<string, IdempotentResponse>;
  invoiceCounter: number;
  /** Orders objects created within the same second. */
  seq: number;
  webhookUrl?: string;
};

export function emptyState(): State {
  const state = { deliveries: {}, idempotency: {}, invoiceCounter: 0, seq: 0 } as unknown as State;
  for (const name of COLLECTIONS) state[name] = {};
  return state;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export class Store {
  state: State;

  constructor(private readonly file: string) {
    this.state = existsSync(file) ? { ...emptyState(), ...JSON.parse(readFileSync(file, 'utf8')) } : emptyState();
    for (const name of COLLECTIONS) this.state[name] ??= {};
  }

  get<T extends StripeObject = StripeObject>(collection: Collection, id: string): T | undefined {
    return this.state[collection][id] as T | undefined;
  }

  put<T extends StripeObject>(collection: Collection, object: T): T {
    if (object._seq === undefined) (object as StripeObject)._seq = ++this.state.seq;
    this.state[collection][object.id] = object;
    return object;
  }

  all<T extends StripeObject = StripeObject>(collection: Collection): T[] {
    return Object.values(this.state[collection]) as T[];
  }

  reset(): void {
    const webhookUrl = this.state.webhookUrl;
    this.state = emptyState();
    this.state.webhookUrl = webhookUrl;
    this.save();
  }

  save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.file);
  }
}

/** The object as the API sends it: emulator-only `_` keys removed, at any depth. */
export function publicView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(publicView);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!key.startsWith('_')) out[key] = publicView(inner);
  }
  return out;
}
