// Councils as customers in the table: the customer item (status, Stripe ids, trial and period
// end), its invoices and checkout sessions, and the settings an admin edits (the council's mail
// domain on the LGA item, the price classification on the customer item), changed together.
import { normaliseEmailSuffix, type CustomerStatus } from '../../core/access';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';

export interface CustomerRecord {
  lgaCode: string;
  subscriptionStatus: CustomerStatus;
  paymentStatus?: string;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  classification?: string;
  poNumber?: string;
  trialEnd?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  lastEventCreated?: number;
  billingVersion?: number;
  updatedAt?: number;
}

/** 'none' is ElectroDB's stand-in for "no Stripe customer yet" (it keys gsi2). */
function normalise(item: Record<string, unknown>): CustomerRecord {
  const c = item as unknown as CustomerRecord;
  return { ...c, stripeCustomerId: c.stripeCustomerId && c.stripeCustomerId !== 'none' ? c.stripeCustomerId : undefined };
}

export async function getCustomer(lgaCode: string, options: { consistent?: boolean } = {}): Promise<CustomerRecord | undefined> {
  const { data } = await db().entities.customer.get({ lgaCode }).go({ consistent: options.consistent ?? false });
  return data ? normalise(data) : undefined;
}

/** Every council that has ever had a customer record (customers are few: one query of the CUSTOMERS index). */
export async function listCustomers(): Promise<CustomerRecord[]> {
  const { data } = await db().entities.customer.query.byStatus({}).go({ pages: 'all' });
  return data.map(normalise);
}

export async function customerByStripeId(stripeCustomerId: string): Promise<CustomerRecord | undefined> {
  const { data } = await db().entities.customer.query.byStripeId({ stripeCustomerId }).go({ limit: 1 });
  return data[0] ? normalise(data[0]) : undefined;
}

export async function invoicesOf(lgaCode: string, limit = 24) {
  const { data } = await db().entities.invoice.query.byLga({ lgaCode }).go({ order: 'desc', limit });
  return data;
}

export async function checkoutSessionsOf(lgaCode: string, limit = 10) {
  const { data } = await db().entities.checkoutSession.query.byLga({ lgaCode }).go({ order: 'desc', limit });
  return data;
}

export interface CustomerSettings {
  emailSuffix?: string | null;
  classification?: string | null;
}

/**
 * An admin's edit: the mail domain lives on the LGA item (the access-request and onboarding
 * checks read it there), the classification on the customer item, which is created (status
 * none) when the council never had one. Both in one transaction; a concurrent first write of the
 * customer item cancels it (the create is conditional) rather than overwriting.
 */
export async function saveCustomerSettings(lgaCode: string, settings: CustomerSettings): Promise<void> {
  const [existing, current] = await Promise.all([
    getCustomer(lgaCode),
    db().entities.lga.get({ code: lgaCode }).go({ attributes: ['emailSuffix'] }),
  ]);
  const { emailSuffix, classification } = settings;
  const storedSuffix = current.data?.emailSuffix;
  await db()
    .transaction.write(({ lga, customer, mailDomain }) => {
      const customerWrite = !existing
        ? customer.create({ lgaCode, subscriptionStatus: 'none', stripeCustomerId: 'none', classification: classification ?? undefined }).commit()
        : classification === null
          ? customer.patch({ lgaCode }).remove(['classification']).commit()
          : customer.patch({ lgaCode }).set({ classification: classification ?? existing.classification ?? '' }).commit();
      // The LGA write also proves the council exists when only the classification changes.
      const lgaPatch = lga.patch({ code: lgaCode });
      const lgaWrite =
        emailSuffix === undefined
          ? lgaPatch.set({}).commit()
          : // The lookup below follows the suffix read above: a concurrent change cancels this write.
            (emailSuffix === null ? lgaPatch.remove(['emailSuffix']) : lgaPatch.set({ emailSuffix }))
              .where(({ emailSuffix: suffix }, { eq, notExists }) => (storedSuffix === undefined ? notExists(suffix) : eq(suffix, storedSuffix)))
              .commit();
      return [lgaWrite, customerWrite, ...mailDomainWrites(mailDomain, lgaCode, storedSuffix, emailSuffix)];
    })
    .go();
}

type MailDomainTx = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0]['mailDomain'];

/** Keeps the council-by-mail-domain lookup (entities/mail-domain.ts) in step with the LGA's emailSuffix. */
function mailDomainWrites(mailDomain: MailDomainTx, lgaCode: string, stored: string | undefined, next: string | null | undefined) {
  if (next === undefined) return [];
  const before = normaliseEmailSuffix(stored);
  const after = normaliseEmailSuffix(next ?? undefined);
  const writes = [];
  if (before && before !== after) writes.push(mailDomain.delete({ domain: before, lgaCode }).commit());
  if (after) writes.push(mailDomain.put({ domain: after, lgaCode }).commit());
  return writes;
}

/** Links the council to its Stripe customer (created before its first checkout). */
export async function linkStripeCustomer(lgaCode: string, stripeCustomerId: string, classification: string): Promise<void> {
  const existing = await getCustomer(lgaCode);
  if (existing) await db().entities.customer.patch({ lgaCode }).set({ stripeCustomerId, classification }).go();
  else await db().entities.customer.create({ lgaCode, subscriptionStatus: 'none', stripeCustomerId, classification }).go();
}

export async function recordCheckoutSession(session: {
  lgaCode: string;
  id: string;
  url: string;
  uid: string;
  email: string;
  poNumber?: string;
  classification: string;
  skipTrial: boolean;
  priceId: string;
  amount: number;
  couponId?: string;
  amountDiscount?: number;
}): Promise<void> {
  // A session carrying the council's onboarding discount is its onboarding checkout.
  const kind = session.couponId ? 'onboarding' : 'subscription';
  await db().entities.checkoutSession.create({ ...session, status: 'open', kind, created: nowSeconds() }).go();
}
