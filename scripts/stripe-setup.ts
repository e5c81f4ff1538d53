// Creates the Stripe catalogue (a product per LGA classification, its yearly AUD price, the GST
// tax rate) where it is missing. Idempotent: run it against a real Stripe account once per account.
import { setUpCatalog } from '../lambdas/adapters/billing/catalog';

const { prices, taxRateId } = await setUpCatalog();
for (const p of prices) console.log(`${p.classification}: ${p.priceId} (${(p.unitAmount / 100).toFixed(2)} ${p.currency.toUpperCase()} per ${p.interval})`);
console.log(`GST tax rate: ${taxRateId}`);
