// Test harness for the Stripe emulator: starts it on a free port with a throwaway data file, a
// webhook receiver that verifies every delivery with the SDK's stripe.webhooks.constructEvent,
// and a real `stripe` SDK client pointed at it. Hosted pages are driven by posting their forms.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../../../local/stripe';

export const WEBHOOK_SECRET = 'whsec_test_emulator_secret';

export type Harness = {
  emulator: StripeEmulator;
  stripe: Stripe;
  /** Events received and verified by the webhook receiver, in arrival order. */
  received: Stripe.Event[];
  /** Raw deliveries (including ones the receiver refused). */
  deliveries: { signature: string; body: string; status: number }[];
  /** The receiver answers with this status (e.g. 500 to test retries). */
  respondWith: { status: number };
  dataFile: string;
  waitForEvent(type: string, predicate?: (event: Stripe.Event) => boolean): Promise<Stripe.Event>;
  control<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** Stops both servers; the data file is deleted unless kept (to test a restart). */
  stop(options?: { keepData?: boolean }): Promise<void>;
};

export async function startHarness(options: { dataDir?: string; retryDelaysMs?: number[] } = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'stripe-emulator-test-'));
  const dataFile = path.join(dataDir, 'stripe.json');
  const stripeForVerify = new Stripe('sk_test_verify');
  const received: Stripe.Event[] = [];
  const deliveries: Harness['deliveries'] = [];
  const respondWith = { status: 200 };
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature'] ?? '');
      deliveries.push({ signature, body, status: respondWith.status });
      if (respondWith.status >= 300) {
        response.writeHead(respondWith.status).end();
        return;
      }
      try {
        received.push(stripeForVerify.webhooks.constructEvent(body, signature, WEBHOOK_SECRET));
        response.writeHead(200).end('{"received":true}');
      } catch {
        response.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stripe/webhook`;
  const emulator = await startStripeEmulator({ port: 0, dataFile, webhookUrl, webhookSecret: WEBHOOK_SECRET, retryDelaysMs: options.retryDelaysMs ?? [50, 100] });
  const stripe = new Stripe('sk_test_emulator', { ...emulator.sdkOptions, maxNetworkRetries: 0 });

  async function waitForEvent(type: string, predicate: (event: Stripe.Event) => boolean = () => true): Promise<Stripe.Event> {
    for (let i = 0; i < 200; i++) {
      await emulator.flushWebhooks();
      const found = received.find((event) => event.type === type && predicate(event));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No ${type} event arrived; got ${received.map((event) => event.type).join(', ')}`);
  }

  async function control<T>(method: string, controlPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${emulator.url}/_emulator${controlPath}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${controlPath}: ${response.status} ${JSON.stringify(json)}`);
    return json as T;
  }

  return {
    emulator,
    stripe,
    received,
    deliveries,
    respondWith,
    dataFile,
    waitForEvent,
    control,
    stop: async (stopOptions = {}) => {
      await emulator.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product with a monthly AUD price and the 10 % GST rate (exclusive), as the billing code sets up. */
export async function catalogue(stripe: Stripe, unitAmount = 120_000) {
  const product = await stripe.products.create({ name: 'Road closures — metropolitan council', metadata: { classification: 'metropolitan' } });
  const price = await stripe.prices.create({ product: product.id, unit_amount: unitAmount, currency: 'aud', recurring: { interval: 'month' }, lookup_key: `metro-${product.id}` });
  const gst = await stripe.taxRates.create({ display_name: 'GST', percentage: 10, inclusive: false, country: 'AU', jurisdiction: 'AU', tax_type: 'gst' });
  return { product, price, gst };
}

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const FAILS_LATER_CARD = '4000 0000 0000 0341';

/** The fields a buyer fills in on the hosted checkout page. */
export function checkoutForm(card = GOOD_CARD, extra: Record<string, string> = {}): Record<string, string> {
  return {
    email: 'finance@council.example.gov.au',
    name: 'Pat Example',
    line1: '1 Civic Place',
    city: 'Parramatta',
    state: 'NSW',
    postal_code: '2150',
    country: 'AU',
    card_number: card,
    card_expiry: '12 / 34',
    card_cvc: '123',
    ...extra,
  };
}

/** Posts a hosted-page form as a browser would; returns the status, Location and HTML. */
export async function postForm(url: string, form: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
