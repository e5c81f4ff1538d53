// Checkout trusts a council mail address only when it is verified, as the managed claim does: a
// sign-in whose provider did not vouch for its email (a federated account at the council's
// domain) cannot start the council's checkout, is not shown its onboarding discount and cannot
// follow its live customer changes. The same person with a verified address can do all three.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { realtimeSubscribe } from '../notifications/support';
import { call, createUser, partition, prepareLga, unique, type TestUser } from '../identity/support';

const LGA = '15050'; // Maitland: no customer until a test makes one
const DOMAIN = `maitland-${unique()}.nsw.gov.example`;
const CHECKOUT = 'mutation($i: CheckoutInput!) { createCheckoutSession(input: $i) { id url } }';
const PRICE = 'query($c: String!) { checkoutPrice(lgaCode: $c) { unitAmount total discount { couponId } } }';
const CHANGED = 'subscription($c: String) { onCustomerChanged(lgaCode: $c) { lgaCode subscriptionStatus } }';

let unverified: TestUser;
let verified: TestUser;

beforeAll(async () => {
  await prepareLga(LGA, 'none', DOMAIN);
  await db().entities.onboardingDiscount.put({ lgaCode: LGA, couponId: `coupon_${unique()}`, percentOff: 50, currency: 'aud', duration: 'once', createdBy: 'test' }).go();
  unverified = await createUser({ email: `claims.${unique()}@${DOMAIN}` });
  // What the identity trigger stores for a federated sign-in whose provider did not vouch for the email.
  await db().entities.user.patch({ uid: unverified.uid }).set({ emailVerified: false }).go();
  verified = await createUser({ email: `officer.${unique()}@${DOMAIN}` });
});

describe('an unverified address at the council domain', () => {
  it('cannot start the council checkout (Invalid email address) and changes nothing', async () => {
    const before = await partition(`LGA#${LGA}`);
    const res = await call(CHECKOUT, { i: { lgaCode: LGA } }, unverified);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Forbidden', message: 'Invalid email address' });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });

  it('sees the list price, not the onboarding discount; a verified officer sees the discount', async () => {
    const mine = await call(PRICE, { c: LGA }, unverified);
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.checkoutPrice.discount).toBeNull();
    const officer = await call(PRICE, { c: LGA }, verified);
    expect(officer.data?.checkoutPrice.discount).not.toBeNull();
  });

  it('cannot follow the council live customer changes; a verified officer can', async () => {
    const refused = await realtimeSubscribe(unverified.token, `unverified-${unique()}`, CHANGED, { c: LGA });
    try {
      expect(refused.first.type).toBe('error');
      expect(refused.first.payload?.errors?.[0]?.errorType).toBe('Forbidden');
    } finally {
      refused.socket.close();
    }
    const allowed = await realtimeSubscribe(verified.token, `verified-${unique()}`, CHANGED, { c: LGA });
    try {
      expect(allowed.first.type).toBe('start_ack');
    } finally {
      allowed.socket.close();
    }
  });
});
