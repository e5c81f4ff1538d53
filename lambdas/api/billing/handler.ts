// Billing and customers: the admin's customer list and detail with the council's mail domain and
// classification, checkout for councils (Stripe), the customer portal, cancelling, prices and
// quotes, and the live customer-change subscription fed by the Stripe webhook.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { z } from 'zod';
import { hasRole, holdsManagedClaim, managedLga, normaliseEmailSuffix } from '../../core/access';
import { classificationSchema, poNumberSchema } from '../../core/billing/checkout';
import { forbidden, notFound, validationError } from '../../core/errors';
import { boundedText, lgaCode } from '../../core/validation';
import { getCustomer, listCustomers, saveCustomerSettings } from '../../adapters/billing/customers';
import { withStripeBudget } from '../../adapters/billing/stripe-budget';
import { db } from '../../adapters/db/db';
import { createResolverHandler, field, logger } from '../resolver';
import { presentCustomer, selectionOf, type LgaItem } from './present';
import { cancelCouncilSubscription, checkoutAllowed, createQuote, discountFor, portalSession, priceOf, quoteById, startCheckout } from './checkout';
import { discountHandlers } from './discount-handlers';
import { requireAdmin } from './require-admin';

const noArgs = z.object({}).strict();

// A mail domain: labels of letters, digits and hyphens, at least one dot ("@" tolerated, stripped).
const emailSuffix = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'Email suffix is too long (maximum 253 characters)')
  .transform((s) => normaliseEmailSuffix(s) ?? '')
  .refine((s) => s === '' || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(s), 'Invalid email suffix (for example forbes.nsw.gov.au)');

const SettingsInput = z
  .object({ emailSuffix: emailSuffix.optional().nullable(), classification: classificationSchema.optional().nullable() })
  .strict();

const CheckoutInput = z
  .object({
    lgaCode,
    classification: classificationSchema.optional().nullable(),
    poNumber: poNumberSchema.optional().nullable(),
    skipTrial: z.boolean().optional().nullable(),
  })
  .strict();

const QuoteInput = z
  .object({ lgaCode, classification: classificationSchema.optional().nullable(), poNumber: poNumberSchema.optional().nullable() })
  .strict();

const ChangeInput = z
  .object({
    lgaCode,
    subscriptionStatus: z.string().max(20),
    paymentStatus: z.string().max(20).nullish(),
    trialEnd: z.number().int().nullish(),
    currentPeriodEnd: z.number().int().nullish(),
    eventType: z.string().max(100),
    updatedAt: z.number().int(),
  })
  .strict();

async function lgaItem(code: string): Promise<LgaItem> {
  const { data } = await db().entities.lga.get({ code }).go();
  if (!data) throw notFound('Invalid LGA');
  return data;
}

const resolvers = createResolverHandler({
  ...discountHandlers,

  customers: field({
    args: noArgs,
    access: 'user',
    async resolve({ principal, event }) {
      await requireAdmin(principal);
      const customers = await listCustomers();
      const { data: lgas } = await db().entities.lga.get(customers.map((c) => ({ code: c.lgaCode }))).go();
      const byCode = new Map(lgas.map((l) => [l.code, l]));
      const selected = selectionOf(event);
      const rows = await Promise.all(
        customers.map((c) => presentCustomer(byCode.get(c.lgaCode) ?? { code: c.lgaCode, name: `LGA ${c.lgaCode}` }, c, selected)),
      );
      return rows.sort((a, b) => a.lgaName.localeCompare(b.lgaName));
    },
  }),

  customer: field({
    args: z.object({ code: lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal, event }) {
      const p = await principal();
      if (!hasRole(p, args.code, 'account_manager')) throw forbidden();
      const [lga, customer] = await Promise.all([lgaItem(args.code), getCustomer(args.code)]);
      return presentCustomer(lga, customer, selectionOf(event));
    },
  }),

  updateCustomer: field({
    args: z.object({ code: lgaCode, input: SettingsInput }).strict(),
    access: 'user',
    async resolve({ args, principal, event }) {
      const p = await requireAdmin(principal);
      await lgaItem(args.code);
      const { emailSuffix: suffix, classification } = args.input;
      if (suffix === undefined && classification === undefined) throw validationError('Nothing to change');
      await saveCustomerSettings(args.code, { emailSuffix: suffix === '' ? null : suffix, classification });
      logger.info('customer settings changed', { lgaCode: args.code, by: p.uid, emailSuffix: suffix, classification });
      const [lga, customer] = await Promise.all([lgaItem(args.code), getCustomer(args.code)]);
      return presentCustomer(lga, customer, selectionOf(event));
    },
  }),

  checkoutPrice: field({
    args: z.object({ lgaCode, classification: classificationSchema.optional().nullable() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      return priceOf(args.lgaCode, p.admin ? args.classification : undefined, await discountFor(p, args.lgaCode));
    },
  }),

  createCheckoutSession: field({
    args: z.object({ input: CheckoutInput }).strict(),
    access: 'user',
    async authorize({ args, principal }) {
      await checkoutAllowed(await principal(), args.input.lgaCode);
    },
    async resolve({ args, principal }) {
      return startCheckout(await principal(), {
        lgaCode: args.input.lgaCode,
        classification: args.input.classification ?? undefined,
        poNumber: args.input.poNumber || undefined,
        skipTrial: args.input.skipTrial ?? false,
      });
    },
  }),

  createBillingPortalSession: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async authorize({ args, principal }) {
      if (!hasRole(await principal(), args.lgaCode, 'account_manager')) throw forbidden();
    },
    resolve: ({ args }) => portalSession(args.lgaCode),
  }),

  cancelSubscription: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal, event }) {
      const p = await principal();
      if (!hasRole(p, args.lgaCode, 'account_manager')) throw forbidden();
      await cancelCouncilSubscription(args.lgaCode, p.uid);
      const [lga, customer] = await Promise.all([lgaItem(args.lgaCode), getCustomer(args.lgaCode)]);
      return presentCustomer(lga, customer, selectionOf(event));
    },
  }),

  createQuote: field({
    args: z.object({ input: QuoteInput }).strict(),
    access: 'user',
    // Any signed-in user may have a council's quote (what it shows depends on who asks).
    async authorize({ principal }) {
      await principal();
    },
    async resolve({ args, principal }) {
      return createQuote(await principal(), args.input);
    },
  }),

  quote: field({
    args: z.object({ id: boundedText(400) }).strict(),
    access: 'user',
    resolve: ({ args }) => quoteById(args.id),
  }),

  // IAM only (the Stripe webhook): the result is what onCustomerChanged subscribers receive.
  publishCustomerChanged: field({
    args: z.object({ input: ChangeInput }).strict(),
    access: 'public',
    async resolve({ args, event }) {
      const identity = event.identity as { userArn?: string; sub?: string } | null;
      if (!identity?.userArn || identity.sub) throw forbidden();
      return args.input;
    },
  }),

  // Subscribe-time authorization: every council for admins; one council for its staff and for
  // signed-in users with a verified address at its mail domain (the onboarding page waits for its
  // checkout to land).
  onCustomerChanged: field({
    args: z.object({ lgaCode: lgaCode.nullish() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      if (p.admin) return null;
      if (!args.lgaCode) throw forbidden();
      if (managedLga(p, args.lgaCode)) return null;
      const { data: lga } = await db().entities.lga.get({ code: args.lgaCode }).go({ attributes: ['emailSuffix'] });
      if (!lga || !holdsManagedClaim(p, { code: args.lgaCode, emailSuffix: lga.emailSuffix })) throw forbidden();
      return null;
    },
  }),
});

/** Every billing request runs with its caller's bound on Stripe calls. */
export const handler = (event: AppSyncResolverEvent<Record<string, unknown>>, context: Context) =>
  withStripeBudget((event.identity as { sub?: string } | null | undefined)?.sub, () => resolvers(event, context));
