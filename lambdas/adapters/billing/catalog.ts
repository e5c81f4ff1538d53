// The price list in Stripe: one product per LGA classification (metadata.classification), one
// active yearly AUD price each, and the GST tax rate (the first active one is used). The setup
// step creates what is missing and never duplicates, so it runs safely against real Stripe too.
import type Stripe from 'stripe';
import { CLASSIFICATIONS, CLASSIFICATION_KEYS, type Classification } from '../../core/billing/checkout';
import { GST_PERCENT } from '../../core/billing/tax';
import { stripe } from './stripe-client';

export interface CatalogPrice {
  classification: Classification;
  productId: string;
  priceId: string;
  unitAmount: number;
  currency: string;
  interval: string;
}

const productIdFor = (classification: Classification) => `road_closures_${classification}`;

async function ensureProduct(client: Stripe, classification: Classification): Promise<Stripe.Product> {
  const id = productIdFor(classification);
  try {
    return await client.products.retrieve(id);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    return client.products.create(
      { id, name: `Road closures: ${CLASSIFICATIONS[classification].name}`, metadata: { classification } },
      { idempotencyKey: `product-${id}` },
    );
  }
}

async function activePrice(client: Stripe, productId: string): Promise<Stripe.Price | undefined> {
  const { data } = await client.prices.list({ product: productId, active: true, limit: 10 });
  return data.find((p) => p.currency === 'aud' && p.recurring?.interval === 'year');
}

async function ensurePrice(client: Stripe, classification: Classification, productId: string): Promise<Stripe.Price> {
  const existing = await activePrice(client, productId);
  if (existing) return existing;
  return client.prices.create(
    {
      product: productId,
      currency: 'aud',
      unit_amount: CLASSIFICATIONS[classification].unitAmount,
      recurring: { interval: 'year' },
      tax_behavior: 'exclusive',
      metadata: { classification },
    },
    { idempotencyKey: `price-${productId}-${CLASSIFICATIONS[classification].unitAmount}` },
  );
}

export async function gstTaxRate(client: Stripe): Promise<Stripe.TaxRate | undefined> {
  const { data } = await client.taxRates.list({ active: true, limit: 10 });
  return data[0];
}

async function ensureGst(client: Stripe): Promise<Stripe.TaxRate> {
  return (
    (await gstTaxRate(client)) ??
    client.taxRates.create(
      { display_name: 'GST', percentage: GST_PERCENT, inclusive: false, country: 'AU', jurisdiction: 'AU', description: 'Goods and Services Tax' },
      { idempotencyKey: 'tax-rate-gst-au' },
    )
  );
}

/** Creates missing products, prices and the GST rate; returns the catalogue as it now stands. */
export async function setUpCatalog(): Promise<{ prices: CatalogPrice[]; taxRateId: string }> {
  const client = await stripe();
  const prices: CatalogPrice[] = [];
  for (const classification of CLASSIFICATION_KEYS) {
    const product = await ensureProduct(client, classification);
    const price = await ensurePrice(client, classification, product.id);
    prices.push(present(classification, product.id, price));
  }
  const tax = await ensureGst(client);
  forgetCatalog();
  return { prices, taxRateId: tax.id };
}

function present(classification: Classification, productId: string, price: Stripe.Price): CatalogPrice {
  return {
    classification,
    productId,
    priceId: price.id,
    unitAmount: price.unit_amount ?? CLASSIFICATIONS[classification].unitAmount,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'year',
  };
}

/** How long a process keeps the catalogue: prices change by hand, rarely, and a new price is taken up within minutes. */
export const CATALOG_TTL_MS = 5 * 60_000;

interface Catalog {
  prices: Map<Classification, CatalogPrice>;
  taxRate?: Stripe.TaxRate;
}

let cached: { until: number; catalog: Promise<Catalog> } | undefined;

/** The whole catalogue in two calls: every active price (products are keyed by classification) and the GST rate. */
async function loadCatalog(): Promise<Catalog> {
  const client = await stripe();
  const [{ data }, taxRate] = await Promise.all([client.prices.list({ active: true, limit: 100 }), gstTaxRate(client)]);
  const prices = new Map<Classification, CatalogPrice>();
  for (const classification of CLASSIFICATION_KEYS) {
    const productId = productIdFor(classification);
    const price = data.find((p) => refOf(p.product) === productId && p.currency === 'aud' && p.recurring?.interval === 'year');
    if (price) prices.set(classification, present(classification, productId, price));
  }
  return { prices, taxRate };
}

const refOf = (ref: string | { id: string } | null) => (typeof ref === 'string' ? ref : ref?.id);

/** The cached catalogue: concurrent requests share one load; a failed load is not kept. */
function catalog(): Promise<Catalog> {
  const now = Date.now();
  if (!cached || cached.until <= now) {
    const load = loadCatalog();
    cached = { until: now + CATALOG_TTL_MS, catalog: load };
    load.catch(() => {
      if (cached?.catalog === load) cached = undefined;
    });
  }
  return cached.catalog;
}

/** Drops the cached catalogue (after the setup step changed it). */
export function forgetCatalog(): void {
  cached = undefined;
}

/** The active price of a classification and the GST rate, as checkout and the quote need them (cached per process). */
export async function priceFor(classification: Classification): Promise<{ price: CatalogPrice; taxRate?: Stripe.TaxRate }> {
  const { prices, taxRate } = await catalog();
  const price = prices.get(classification);
  if (!price) {
    forgetCatalog();
    throw new Error(`No active price for classification ${classification}; run the billing setup step`);
  }
  return { price, taxRate };
}
