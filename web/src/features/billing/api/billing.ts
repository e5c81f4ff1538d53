// Billing and customers through the API: the admin's customer list and detail, the council's
// settings, checkout, the customer portal, cancelling, prices and quotes, and live changes.
import { queryOptions } from '@tanstack/react-query';
import { liveSubscription } from '../../../lib/amplify';
import { gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';

export interface Invoice {
  id: string;
  number: string | null;
  status: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: number;
  hostedInvoiceUrl: string | null;
  amountDiscount: number | null;
}

/** A council's onboarding discount (a single-use Stripe coupon); amounts in cents. */
export interface Discount {
  couponId: string;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string;
  duration: 'once' | 'forever' | 'repeating';
  durationInMonths: number | null;
  redeemedAt: number | null;
}

export interface DiscountInput {
  percentOff?: number;
  amountOff?: number;
  duration: 'ONCE' | 'FOREVER' | 'REPEATING';
  durationInYears?: number;
  name?: string;
}

export interface CheckoutSessionRecord {
  id: string;
  status: string;
  created: number;
  email: string | null;
  poNumber: string | null;
  classification: string | null;
  skipTrial: boolean | null;
  amount: number | null;
  couponId: string | null;
  amountDiscount: number | null;
}

/** One Stripe subscription of a council; a second live one is flagged with the one kept (duplicateOf). */
export interface CouncilSubscription {
  id: string;
  status: string;
  created: number;
  duplicateOf: string | null;
  flaggedAt: number | null;
  resolution: 'cancelled_refunded' | 'failed' | null;
  refundedAmount: number | null;
  resolvedAt: number | null;
}

export interface Customer {
  lgaCode: string;
  lgaName: string;
  subscriptionStatus: string;
  paymentStatus: string | null;
  stripeCustomerId: string | null;
  classification: string | null;
  emailSuffix: string | null;
  trialEnd: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean | null;
  poNumber: string | null;
  updatedAt: number | null;
  invoices: Invoice[];
  checkoutSessions: CheckoutSessionRecord[];
  managers: { email: string; roles: string[] }[];
  subscriberCount: number | null;
  closureCount: number | null;
  lastActivity: number | null;
  onboardingDiscount: Discount | null;
  subscriptions: CouncilSubscription[];
}

export interface Price {
  classification: string;
  name: string;
  unitAmount: number;
  gst: number;
  total: number;
  currency: string;
  interval: string;
  trialDays: number;
  discountAmount: number | null;
  listTotal: number | null;
  discount: Discount | null;
}

export interface Quote {
  id: string;
  lgaCode: string;
  lgaName: string;
  price: Price;
  poNumber: string | null;
  created: number;
  validUntil: number;
}

export const CLASSIFICATIONS = [
  ['rural', 'Rural council'],
  ['regional', 'Regional council'],
  ['urban', 'Urban council'],
  ['metropolitan', 'Metropolitan council'],
] as const;

const LIST_FIELDS = 'lgaCode lgaName subscriptionStatus paymentStatus classification emailSuffix trialEnd currentPeriodEnd updatedAt';
const INVOICE_FIELDS = 'id number status amountDue amountPaid currency created hostedInvoiceUrl amountDiscount';
const DISCOUNT_FIELDS = 'couponId name percentOff amountOff currency duration durationInMonths redeemedAt';
const DETAIL_FIELDS = `${LIST_FIELDS} stripeCustomerId cancelAtPeriodEnd poNumber invoices { ${INVOICE_FIELDS} }
  checkoutSessions { id status created email poNumber classification skipTrial amount couponId amountDiscount } managers { email roles }
  subscriberCount closureCount lastActivity onboardingDiscount { ${DISCOUNT_FIELDS} }
  subscriptions { id status created duplicateOf flaggedAt resolution refundedAmount resolvedAt }`;
const PRICE_FIELDS = `classification name unitAmount gst total currency interval trialDays discountAmount listTotal discount { ${DISCOUNT_FIELDS} }`;
const QUOTE_FIELDS = `id lgaCode lgaName poNumber created validUntil price { ${PRICE_FIELDS} }`;

export const customersQuery = queryOptions({
  queryKey: ['customers'],
  queryFn: async () => (await gql<{ customers: Customer[] }>(`query Customers { customers { ${LIST_FIELDS} } }`)).customers,
});

export const customerQuery = (code: string) =>
  queryOptions({
    queryKey: ['customer', code],
    queryFn: async () => (await gql<{ customer: Customer | null }>(`query Customer($code: ID!) { customer(code: $code) { ${DETAIL_FIELDS} } }`, { code })).customer,
  });

export type CustomerSummary = Pick<Customer, 'lgaCode' | 'lgaName' | 'subscriptionStatus' | 'paymentStatus' | 'trialEnd' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;

/** The few fields the account manager's dashboard card shows; refreshed with the customer's other queries. */
export const customerSummaryQuery = (code: string) =>
  queryOptions({
    queryKey: ['customer', code, 'summary'],
    queryFn: async () =>
      (await gql<{ customer: CustomerSummary | null }>(
        `query CustomerSummary($code: ID!) { customer(code: $code) { lgaCode lgaName subscriptionStatus paymentStatus trialEnd currentPeriodEnd cancelAtPeriodEnd } }`,
        { code },
      )).customer,
  });

export const checkoutPriceQuery = (lgaCode: string) =>
  queryOptions({
    queryKey: ['checkoutPrice', lgaCode],
    queryFn: async () =>
      (await gql<{ checkoutPrice: Price }>(`query CheckoutPrice($lgaCode: String!) { checkoutPrice(lgaCode: $lgaCode) { ${PRICE_FIELDS} } }`, { lgaCode })).checkoutPrice,
  });

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: ['quote', id],
    queryFn: async () => (await gql<{ quote: Quote | null }>(`query Quote($id: ID!) { quote(id: $id) { ${QUOTE_FIELDS} } }`, { id })).quote,
  });

export async function updateCustomer(code: string, input: { emailSuffix?: string; classification?: string }): Promise<Customer> {
  const data = await gql<{ updateCustomer: Customer }>(
    `mutation UpdateCustomer($code: ID!, $input: CustomerSettingsInput!) { updateCustomer(code: $code, input: $input) { ${DETAIL_FIELDS} } }`,
    { code, input },
  );
  return data.updateCustomer;
}

/** Admin: offers the council a discount on its onboarding checkout (replaces an earlier one). */
export async function setOnboardingDiscount(lgaCode: string, input: DiscountInput): Promise<Customer> {
  // Not a keyed create: a repeat replaces the offer with an equal one.
  return (await gql<{ setOnboardingDiscount: Customer }>(
    `mutation SetDiscount($lgaCode: String!, $input: OnboardingDiscountInput!) { setOnboardingDiscount(lgaCode: $lgaCode, input: $input) { ${DETAIL_FIELDS} } }`,
    { lgaCode, input },
  )).setOnboardingDiscount;
}

export async function removeOnboardingDiscount(lgaCode: string): Promise<Customer> {
  return (await gql<{ removeOnboardingDiscount: Customer }>(
    `mutation RemoveDiscount($lgaCode: String!) { removeOnboardingDiscount(lgaCode: $lgaCode) { ${DETAIL_FIELDS} } }`,
    { lgaCode },
  )).removeOnboardingDiscount;
}

export async function createCheckoutSession(input: { lgaCode: string; poNumber?: string; skipTrial: boolean }): Promise<{ id: string; url: string }> {
  const data = await keyedGql<{ createCheckoutSession: { id: string; url: string } }>(
    'mutation CreateCheckoutSession($input: CheckoutInput!, $idempotencyKey: String) { createCheckoutSession(input: $input, idempotencyKey: $idempotencyKey) { id url } }',
    { input },
  );
  return data.createCheckoutSession;
}

export async function createQuote(input: { lgaCode: string; poNumber?: string }): Promise<Quote> {
  return (await keyedGql<{ createQuote: Quote }>(`mutation CreateQuote($input: QuoteInput!, $idempotencyKey: String) { createQuote(input: $input, idempotencyKey: $idempotencyKey) { ${QUOTE_FIELDS} } }`, { input })).createQuote;
}

export async function createBillingPortalSession(lgaCode: string): Promise<string> {
  return (await keyedGql<{ createBillingPortalSession: string }>('mutation Portal($lgaCode: String!, $idempotencyKey: String) { createBillingPortalSession(lgaCode: $lgaCode, idempotencyKey: $idempotencyKey) }', { lgaCode }))
    .createBillingPortalSession;
}

export async function cancelSubscription(lgaCode: string): Promise<void> {
  await gql('mutation Cancel($lgaCode: String!) { cancelSubscription(lgaCode: $lgaCode) { subscriptionStatus } }', { lgaCode });
}

export interface CustomerChange {
  lgaCode: string;
  subscriptionStatus: string;
  paymentStatus: string | null;
  eventType: string;
  updatedAt: number;
}

/** Live customer changes (all councils for admins, or one council); returns the unsubscribe function. */
export function subscribeToCustomerChanges(lgaCode: string | null, onChange: (c: CustomerChange) => void, onError: (error: unknown) => void): () => void {
  return liveSubscription<CustomerChange>(
    {
      query: 'subscription OnCustomerChanged($lgaCode: String) { onCustomerChanged(lgaCode: $lgaCode) { lgaCode subscriptionStatus paymentStatus eventType updatedAt } }',
      variables: { lgaCode },
      authMode: 'userPool',
      field: 'onCustomerChanged',
    },
    onChange,
    onError,
  );
}
