// One caller cannot make the server call Stripe without bound: prices come from a catalogue cached
// per process (a request with 25 aliases of checkoutPrice costs at most the two calls of one load,
// and none once loaded), and the Stripe calls one person causes are capped per 10 minutes with a
// clear message, after which nothing more reaches Stripe. Counted on the emulator.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { emulatorStripeCustomer } from './stripe-customer';
import { STRIPE_CALLS_PER_USER, STRIPE_LIMIT_MESSAGE } from '../../../lambdas/core/billing/stripe-limits';
import { call, createUser, prepareLga, type TestUser } from '../identity/support';

const LGA = '14700'; // Lane Cove: a paying council of this test only
const aliases = (count: number, field: string) => Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join('\n');

let resident: TestUser;

async function stripeRequests(): Promise<number> {
  return ((await (await fetch(`${inject('stack').stripeUrl}/_emulator/requests`)).json()) as { count: number }).count;
}

beforeAll(async () => {
  resident = await createUser({});
  await prepareLga(LGA, 'active');
  await db().entities.customer.patch({ lgaCode: LGA }).set({ stripeCustomerId: await emulatorStripeCustomer('Stripe calls test council') }).go();
});

describe('Stripe calls a resident can cause', () => {
  it('25 aliases of checkoutPrice cost at most one catalogue load; the next 25 cost nothing', async () => {
    const query = `query { ${aliases(25, 'checkoutPrice(lgaCode: "12900") { unitAmount total }')} }`;
    const before = await stripeRequests();
    const first = await call(query, {}, resident);
    expect(first.errors).toBeUndefined();
    expect(Object.keys(first.data!)).toHaveLength(25);
    const afterFirst = await stripeRequests();
    expect(afterFirst - before).toBeLessThanOrEqual(2);
    const second = await call(query, {}, resident);
    expect(second.errors).toBeUndefined();
    expect(await stripeRequests()).toBe(afterFirst);
  });
});

describe('Stripe calls one person can cause', () => {
  it(`stop at ${STRIPE_CALLS_PER_USER} in 10 minutes with a clear message; nothing more reaches Stripe`, async () => {
    const manager = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager'] }] });
    const portal = `createBillingPortalSession(lgaCode: "${LGA}")`;
    const before = await stripeRequests();
    const first = await call(`mutation { ${aliases(25, portal)} }`, {}, manager);
    expect(first.errors).toBeUndefined();
    // Five more go through; the sixth is refused (a String! field: AppSync drops the whole answer).
    const second = await call(`mutation { ${aliases(10, portal)} }`, {}, manager);
    expect(second.errors?.[0]).toMatchObject({ path: [`a${STRIPE_CALLS_PER_USER - 25}`], errorType: 'RateLimited', message: STRIPE_LIMIT_MESSAGE });
    expect((await stripeRequests()) - before).toBe(STRIPE_CALLS_PER_USER);
    const third = await call(`mutation { ${portal} }`, {}, manager);
    expect(third.errors?.[0]).toMatchObject({ errorType: 'RateLimited', message: STRIPE_LIMIT_MESSAGE });
    expect((await stripeRequests()) - before).toBe(STRIPE_CALLS_PER_USER);
    // Another person is not held back by the first one's count.
    const other = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager'] }] });
    expect((await call(`mutation { ${portal} }`, {}, other)).errors).toBeUndefined();
  });
});
