// The Customer the API returns: the LGA item (name, mail domain) joined with its customer item,
// plus what the caller's selection asks for (invoices, checkout sessions, managers, counts).
import type { AppSyncResolverEvent } from 'aws-lambda';
import { readViewCounters } from '../../adapters/closures/store';
import { listClosuresByView } from '../../adapters/closures/query';
import { checkoutSessionsOf, invoicesOf, type CustomerRecord } from '../../adapters/billing/customers';
import { getOnboardingDiscount } from '../../adapters/billing/discounts';
import { subscriptionsOf } from '../../adapters/billing/council-subscriptions';
import { db } from '../../adapters/db/db';
import { nowSeconds } from '../../adapters/db/entities/common';
import { lgaSubscriberCount } from '../../adapters/notifications/subscriptions';
import { presentDiscount } from '../../core/billing/discount';

export interface LgaItem {
  code: string;
  name: string;
  emailSuffix?: string;
}

type Selection = (field: string) => boolean;

/** Which Customer fields the query selected (so the list does not read every council's invoices). */
export function selectionOf(event: AppSyncResolverEvent<Record<string, unknown>>): Selection {
  const list = event.info?.selectionSetList ?? [];
  return (field) => list.length === 0 || list.includes(field);
}

const COUNTED_VIEWS = ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED', 'ARCHIVED'] as const;

async function activity(lgaCode: string, customer: CustomerRecord | undefined) {
  const [counts, newest] = await Promise.all([
    readViewCounters(lgaCode, COUNTED_VIEWS),
    listClosuresByView(lgaCode, 'ACTIVE', { limit: 1, now: nowSeconds() }),
  ]);
  const closureCount = COUNTED_VIEWS.reduce((sum, view) => sum + (counts[view] ?? 0), 0);
  const times = [customer?.updatedAt, ...newest.items.map((c) => c.updatedAt)].filter((t): t is number => typeof t === 'number');
  return { closureCount, lastActivity: times.length ? Math.max(...times) : null };
}

export async function presentCustomer(lga: LgaItem, customer: CustomerRecord | undefined, selected: Selection) {
  const code = lga.code;
  const [invoices, sessions, managers, subscriberCount, counts, discount, subscriptions] = await Promise.all([
    selected('invoices') ? invoicesOf(code) : [],
    selected('checkoutSessions') ? checkoutSessionsOf(code) : [],
    selected('managers') ? db().entities.manager.query.byLga({ lgaCode: code }).go({ pages: 'all' }).then((r) => r.data) : [],
    selected('subscriberCount') ? lgaSubscriberCount(code) : null,
    selected('closureCount') || selected('lastActivity') ? activity(code, customer) : { closureCount: null, lastActivity: null },
    selected('onboardingDiscount') ? getOnboardingDiscount(code) : undefined,
    selected('subscriptions') ? subscriptionsOf(code) : [],
  ]);
  return {
    lgaCode: code,
    lgaName: lga.name,
    subscriptionStatus: customer?.subscriptionStatus ?? 'none',
    paymentStatus: customer?.paymentStatus ?? null,
    stripeCustomerId: customer?.stripeCustomerId ?? null,
    classification: customer?.classification || null,
    emailSuffix: lga.emailSuffix ?? null,
    trialEnd: customer?.trialEnd ?? null,
    currentPeriodEnd: customer?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: customer?.cancelAtPeriodEnd ?? null,
    poNumber: customer?.poNumber ?? null,
    updatedAt: customer?.updatedAt ?? null,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number ?? null,
      status: i.status,
      amountDue: i.amountDue,
      amountPaid: i.amountPaid,
      currency: i.currency,
      created: i.created,
      hostedInvoiceUrl: i.hostedInvoiceUrl ?? null,
      amountDiscount: i.amountDiscount ?? 0,
    })),
    checkoutSessions: sessions.map((s) => ({
      id: s.id,
      status: s.status,
      created: s.created,
      email: s.email ?? null,
      poNumber: s.poNumber ?? null,
      classification: s.classification ?? null,
      skipTrial: s.skipTrial ?? null,
      amount: s.amount ?? null,
      couponId: s.couponId ?? null,
      amountDiscount: s.amountDiscount ?? null,
    })),
    onboardingDiscount: discount ? presentDiscount(discount) : null,
    subscriptions: [...subscriptions]
      .sort((a, b) => b.created - a.created)
      .map((s) => ({
        id: s.id,
        status: s.status,
        created: s.created,
        duplicateOf: s.duplicateOf ?? null,
        flaggedAt: s.flaggedAt ?? null,
        resolution: s.resolution ?? null,
        refundedAmount: s.refundedAmount ?? null,
        resolvedAt: s.resolvedAt ?? null,
      })),
    managers: managers.map((m) => ({ email: m.email, roles: [...(m.roles ?? [])].sort() })),
    subscriberCount,
    closureCount: counts.closureCount,
    lastActivity: counts.lastActivity,
  };
}
