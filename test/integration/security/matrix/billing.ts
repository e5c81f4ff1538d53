// Matrix rows of billing: the admin's customers, the council's account managers' checkout, portal
// and cancelling, prices and quotes for anyone signed in, onboarding discounts (admins), and the
// live customer changes. Whatever pays or cancels acts on councils made for the row.
import { unique } from '../../identity/support';
import { MATRIX_ACTIVE, MATRIX_CANCELED } from './callers';
import { freshLga, sharedQuote, subscribedLga, withStripeCustomer } from './fixtures';
import { ACCOUNT_MANAGERS, ADMIN_ONLY, IAM_ONLY, SIGNED_IN, outcomes, type Rows } from './types';

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

const CHECKOUT_DOMAIN = `checkout-${unique()}.tas.gov.example`;
const checkoutCouncil = once(() => freshLga({ emailSuffix: CHECKOUT_DOMAIN }));
const portalCouncil = once(async () => withStripeCustomer(await freshLga({ status: 'active' })));
const formerPortalCouncil = once(async () => withStripeCustomer(await freshLga({ status: 'canceled' })));
const settingsCouncil = once(() => freshLga());
const discountCouncil = once(() => freshLga());
const withdrawnDiscountCouncil = once(() => freshLga());

export const billingRows: Rows = {
  'Query.customers': { expected: ADMIN_ONLY, document: 'query { customers { lgaCode } }' },
  'Query.customer': {
    roles: ['account_manager'],
    expected: ACCOUNT_MANAGERS,
    document: 'query($c: ID!) { customer(code: $c) { lgaCode subscriptionStatus } }',
    call: (c) => ({ variables: { c: c.lga } }),
    note: 'admins, or the account managers of the council',
  },
  'Query.checkoutPrice': { expected: SIGNED_IN, document: 'query($c: String!) { checkoutPrice(lgaCode: $c) { currency } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.quote': {
    expected: SIGNED_IN,
    document: 'query($id: ID!) { quote(id: $id) { id } }',
    call: async () => ({ variables: { id: await sharedQuote() } }),
    note: 'a quote is sent to a finance team: anyone signed in with its id may open it',
  },
  'Mutation.createCheckoutSession': {
    roles: ['account_manager'],
    expected: ACCOUNT_MANAGERS,
    document: 'mutation($c: String!) { createCheckoutSession(input: { lgaCode: $c }) { id } }',
    home: () => checkoutCouncil(),
    exHome: MATRIX_CANCELED,
    call: (c) => ({ variables: { c: c.lga } }),
    lock: 'checkout',
    note: "a council with a mail domain and no subscription; the resident and the other council's staff have no address there ('Invalid email address'); a new customer at the domain may too (billing/journey.test.ts)",
  },
  'Mutation.updateCustomer': {
    expected: ADMIN_ONLY,
    document: 'mutation($c: ID!) { updateCustomer(code: $c, input: { classification: "rural" }) { lgaCode } }',
    home: () => settingsCouncil(),
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Mutation.createBillingPortalSession': {
    roles: ['account_manager'],
    expected: ACCOUNT_MANAGERS,
    document: 'mutation($c: String!) { createBillingPortalSession(lgaCode: $c) }',
    home: () => portalCouncil(),
    exHome: () => formerPortalCouncil(),
    call: (c) => ({ variables: { c: c.lga } }),
    note: 'councils with a Stripe customer; a former customer still manages payment',
  },
  'Mutation.cancelSubscription': {
    roles: ['account_manager'],
    expected: { ...ACCOUNT_MANAGERS, exCustomer: 'Conflict' },
    document: 'mutation($c: String!) { cancelSubscription(lgaCode: $c) { subscriptionStatus } }',
    home: (caller) => (caller === 'staff' || caller === 'admin' ? subscribedLga() : Promise.resolve(MATRIX_ACTIVE)),
    exHome: MATRIX_CANCELED,
    call: (c) => ({ variables: { c: c.lga } }),
    note: "the account manager's and the admin's cells each cancel a council that has just paid; the ex-customer passes and meets 'no subscription to cancel'",
  },
  'Mutation.createQuote': { expected: SIGNED_IN, document: 'mutation($c: String!) { createQuote(input: { lgaCode: $c }) { id } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Mutation.publishCustomerChanged': {
    expected: IAM_ONLY,
    document: 'mutation($i: CustomerChangeInput!) { publishCustomerChanged(input: $i) { lgaCode } }',
    call: (c) => ({ variables: { i: { lgaCode: c.lga, subscriptionStatus: 'active', eventType: 'matrix', updatedAt: 1 } } }),
    note: 'IAM only: the Stripe webhook',
  },
  'Mutation.setOnboardingDiscount': {
    expected: ADMIN_ONLY,
    document: 'mutation($c: String!) { setOnboardingDiscount(lgaCode: $c, input: { percentOff: 10, duration: ONCE }) { lgaCode } }',
    home: () => discountCouncil(),
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Mutation.removeOnboardingDiscount': {
    expected: ADMIN_ONLY,
    document: 'mutation($c: String!) { removeOnboardingDiscount(lgaCode: $c) { lgaCode } }',
    home: () => withdrawnDiscountCouncil(),
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Subscription.onCustomerChanged': {
    expected: outcomes(['staffNoRole', 'staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }),
    document: 'subscription($c: String) { onCustomerChanged(lgaCode: $c) { lgaCode } }',
    call: (c) => ({ variables: { c: c.lga } }),
    note: "admins hear every council; others only one they are staff of or whose mail domain they hold",
  },
};
