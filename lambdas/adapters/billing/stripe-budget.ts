// The bound on Stripe calls a caller can cause (lambdas/core/billing/stripe-limits.ts): each
// billing request runs with a budget of calls, and each call also takes a slot of the caller's
// counter for the current window in the table. Calls outside a request (the webhook, the setup
// step) are Stripe's own traffic or an operator's, and are not bounded here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { rateLimited } from '../../core/errors';
import { STRIPE_CALLS_PER_REQUEST, STRIPE_CALLS_PER_USER, STRIPE_LIMIT_MESSAGE, STRIPE_WINDOW_SECONDS, stripeWindowOf } from '../../core/billing/stripe-limits';
import { db } from '../db/db';

interface Budget {
  uid?: string;
  remaining: number;
}

const budgets = new AsyncLocalStorage<Budget>();

/** Runs one request of a caller (uid undefined: signed out) with its budget of Stripe calls. */
export function withStripeBudget<T>(uid: string | undefined, work: () => Promise<T>): Promise<T> {
  return budgets.run({ uid, remaining: STRIPE_CALLS_PER_REQUEST }, work);
}

async function takeUserSlot(uid: string): Promise<void> {
  const window = stripeWindowOf(Math.floor(Date.now() / 1000));
  try {
    await db()
      .entities.counter.update({ name: `stripe-calls#${uid}`, scope: `W${window}` })
      .add({ count: 1 })
      .set({ expiresAt: (window + 2) * STRIPE_WINDOW_SECONDS })
      .where(({ count }, { lt, notExists }) => `${notExists(count)} OR ${lt(count, STRIPE_CALLS_PER_USER)}`)
      .go();
  } catch (error) {
    const failedCondition = (error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException' || /conditional/i.test(String((error as Error).message));
    if (failedCondition) throw rateLimited(STRIPE_LIMIT_MESSAGE);
    throw error;
  }
}

/** One Stripe call is about to be made: refused (nothing sent) when the request or the caller is over the bound. */
export async function takeStripeCall(): Promise<void> {
  const budget = budgets.getStore();
  if (!budget) return;
  if (budget.remaining <= 0) throw rateLimited(STRIPE_LIMIT_MESSAGE);
  budget.remaining -= 1;
  if (budget.uid) await takeUserSlot(budget.uid);
}
