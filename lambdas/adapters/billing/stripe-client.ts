// The one Stripe SDK client of a process. In AWS the API key and the webhook signing secret come
// from Secrets Manager (JSON {secretKey, webhookSigningSecret}); locally the runtime sets them in
// the environment together with the emulator's host, port and protocol.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { takeStripeCall } from './stripe-budget';

interface StripeKeys {
  secretKey: string;
  webhookSigningSecret: string;
}

let keys: Promise<StripeKeys> | undefined;
let client: Promise<Stripe> | undefined;

async function loadKeys(): Promise<StripeKeys> {
  const arn = process.env.STRIPE_SECRET_ARN;
  if (!arn) {
    const secretKey = process.env.STRIPE_SECRET_KEY;
    const webhookSigningSecret = process.env.STRIPE_WEBHOOK_SECRET;
    if (!secretKey || !webhookSigningSecret) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)');
    return { secretKey, webhookSigningSecret };
  }
  const sm = new SecretsManagerClient({});
  const { SecretString } = await sm.send(new GetSecretValueCommand({ SecretId: arn }));
  const parsed = JSON.parse(SecretString ?? '{}') as Partial<StripeKeys>;
  if (!parsed.secretKey || !parsed.webhookSigningSecret) throw new Error('The Stripe secret has no secretKey or webhookSigningSecret yet');
  return { secretKey: parsed.secretKey, webhookSigningSecret: parsed.webhookSigningSecret };
}

export function stripeKeys(): Promise<StripeKeys> {
  keys ??= loadKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

/** The API resources the app calls; each method call on them is one counted Stripe request. */
const RESOURCES = new Set(['products', 'prices', 'taxRates', 'coupons', 'customers', 'checkout', 'billingPortal', 'subscriptions', 'invoices', 'invoicePayments', 'refunds', 'sessions']);

/** A resource whose every call first takes a slot of the caller's Stripe budget (stripe-budget.ts). */
function budgeted<T extends object>(resource: T): T {
  return new Proxy(resource, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property === 'string' && RESOURCES.has(property) && value && typeof value === 'object') return budgeted(value);
      if (typeof value !== 'function' || target instanceof Stripe) return value;
      return async (...args: unknown[]) => {
        await takeStripeCall();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The SDK pointed at Stripe, or at the local emulator when STRIPE_API_HOST is set; calls are bounded per caller. */
export function stripe(): Promise<Stripe> {
  client ??= stripeKeys().then(({ secretKey }) => {
    const host = process.env.STRIPE_API_HOST;
    const sdk = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'road-closures' },
      ...(host
        ? { host, port: Number(process.env.STRIPE_API_PORT ?? 443), protocol: (process.env.STRIPE_API_PROTOCOL ?? 'https') as 'http' | 'https' }
        : {}),
    });
    return budgeted(sdk);
  });
  return client;
}

/** Forget the client and keys (the local runtime and tests switch emulators). */
export function resetStripe(): void {
  keys = undefined;
  client = undefined;
}

/** Signature checks need no API key: a client that never calls out. */
export const signatureVerifier = new Stripe('sk_verify_only');
