// Stripe emulator: the sums on a checkout page and an invoice — subtotal, discount from a coupon
// (percent_off or amount_off), tax per tax rate (exclusive adds, inclusive is carved out) and the
// total, all in integer cents the way Stripe reports them.
import type { StripeObject } from './store';

export type Item = { price: StripeObject; quantity: number; taxRates: StripeObject[] };

export type LineTotals = {
  item: Item;
  amount: number;
  discount: number;
  taxes: { rate: StripeObject; amount: number; taxable: number }[];
};

export type Totals = {
  subtotal: number;
  discount: number;
  tax: number;
  /** Tax added on top (exclusive rates); inclusive tax is already inside the subtotal. */
  exclusiveTax: number;
  total: number;
  lines: LineTotals[];
};

export function couponDiscount(coupon: StripeObject | undefined, subtotal: number): number {
  if (!coupon || subtotal <= 0) return 0;
  if (typeof coupon.percent_off === 'number') return Math.round((subtotal * coupon.percent_off) / 100);
  if (typeof coupon.amount_off === 'number') return Math.min(coupon.amount_off, subtotal);
  return 0;
}

export function computeTotals(items: Item[], coupon?: StripeObject): Totals {
  const amounts = items.map((item) => (item.price.unit_amount as number) * item.quantity);
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const discount = couponDiscount(coupon, subtotal);
  let discountLeft = discount;
  let exclusiveTax = 0;
  let tax = 0;
  const lines = items.map((item, index) => {
    const amount = amounts[index];
    const share = index === items.length - 1 ? discountLeft : Math.round(subtotal ? (discount * amount) / subtotal : 0);
    discountLeft -= share;
    const discounted = amount - share;
    const taxes = item.taxRates.map((rate) => {
      const percentage = rate.percentage as number;
      if (rate.inclusive) {
        const taxable = Math.round(discounted / (1 + percentage / 100));
        return { rate, amount: discounted - taxable, taxable };
      }
      const lineTax = Math.round((discounted * percentage) / 100);
      exclusiveTax += lineTax;
      return { rate, amount: lineTax, taxable: discounted };
    });
    tax += taxes.reduce((sum, entry) => sum + entry.amount, 0);
    return { item, amount, discount: share, taxes };
  });
  return { subtotal, discount, tax, exclusiveTax, total: subtotal - discount + exclusiveTax, lines };
}

/** "$1,234.50" for 123450 cents in Australian dollars (or another currency Stripe names). */
export function formatMoney(cents: number, currency = 'aud'): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** Adds one billing interval (month, year, week or day) to a Unix time, as Stripe's calendar does. */
export function addInterval(seconds: number, interval: string, count = 1): number {
  const date = new Date(seconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}
