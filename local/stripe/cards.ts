// Stripe emulator: Stripe's test cards. The number decides what happens, as in Stripe test mode:
//   4242 4242 4242 4242  succeeds
//   4000 0000 0000 0002  declined: "Your card was declined."
//   4000 0000 0000 9995  declined: "Your card has insufficient funds."
//   4000 0000 0000 0341  accepted and saved, but every later charge fails (renewals go past_due)
// Any other number that passes the Luhn check succeeds like 4242.
import { type Context } from './context';
import { newId, nowSeconds, type StripeObject } from './store';

export type CardBehaviour = 'succeeds' | 'declines' | 'insufficient_funds' | 'fails_later';

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declines',
  '4000000000009995': 'insufficient_funds',
  '4000000000000341': 'fails_later',
};

export const DECLINE_MESSAGES: Record<string, string> = {
  declines: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  fails_later: 'Your card was declined.',
};

export type CardInput = { number: string; expiry: string; cvc: string };
export type CardCheck = { ok: true; number: string; expMonth: number; expYear: number } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the fields the way Stripe's card form does, with its messages. */
export function checkCard(input: CardInput): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const today = new Date();
  if (expMonth < 1 || expMonth > 12) return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  return { ok: true, number, expMonth, expYear };
}

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS[number] ?? 'succeeds';
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** Saves a card as a `pm_…` payment method on the customer and makes it their default. */
export function attachCard(ctx: Context, customer: StripeObject, card: Extract<CardCheck, { ok: true }>, billing: Record<string, unknown>): StripeObject {
  const method = ctx.store.put('payment_methods', {
    id: newId('pm', 24),
    object: 'payment_method',
    billing_details: billing,
    card: {
      brand: brandOf(card.number),
      country: 'US',
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: 'credit',
      last4: card.number.slice(-4),
    },
    created: nowSeconds(),
    customer: customer.id,
    livemode: false,
    metadata: {},
    type: 'card',
    _behaviour: behaviourOf(card.number),
  });
  (customer.invoice_settings as Record<string, unknown>).default_payment_method = method.id;
  return method;
}

/** Whether charging the customer's default card succeeds; the failure message when not. */
export function chargeCustomer(ctx: Context, customer: StripeObject): { ok: true } | { ok: false; message: string; code: string } {
  const methodId = (customer.invoice_settings as Record<string, unknown>).default_payment_method as string | null;
  const method = methodId ? ctx.store.get('payment_methods', methodId) : undefined;
  if (!method) return { ok: false, message: 'The customer has no attached payment source or default payment method.', code: 'resource_missing' };
  const behaviour = method._behaviour as CardBehaviour;
  if (behaviour === 'succeeds') return { ok: true };
  return { ok: false, message: DECLINE_MESSAGES[behaviour], code: 'card_declined' };
}
