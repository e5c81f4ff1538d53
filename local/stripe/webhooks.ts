// Stripe emulator: events and their webhook delivery. Every change worth telling the app about
// becomes an `evt_…` event shaped like Stripe's, stored, and POSTed to the configured webhook URL
// in the background, signed exactly as Stripe signs: `Stripe-Signature: t=<unix>,v1=<hex
// HMAC-SHA256 of "t.payload" with the webhook secret>`. A failed delivery (no answer or a non-2xx
// status) is retried with back-off; the API response never waits for a delivery.
import { createHmac } from 'node:crypto';
import { newId, nowSeconds, publicView, type Store, type StripeObject } from './store';

/** The API version the installed Stripe SDK (v23) pins; events carry it as Stripe's do. */
export const API_VERSION = '2026-10-28.endive';

export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export type WebhookOptions = { url?: string; secret: string; retryDelaysMs: number[] };

export class Webhooks {
  private readonly queue: string[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions,
  ) {
    if (options.url && !store.state.webhookUrl) store.state.webhookUrl = options.url;
    // Deliveries that had not succeeded before a restart are tried again.
    for (const [id, delivery] of Object.entries(store.state.deliveries)) {
      if (!delivery.delivered && delivery.attempts <= options.retryDelaysMs.length) this.queue.push(id);
    }
    this.kick();
  }

  get url(): string | undefined {
    return this.store.state.webhookUrl;
  }

  set url(value: string | undefined) {
    this.store.state.webhookUrl = value;
    this.store.save();
    this.kick();
  }

  /** Records an event with a snapshot of `object` and queues its delivery. */
  emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): StripeObject {
    const event: StripeObject = {
      id: newId('evt', 24),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: {
        object: structuredClone(publicView(object)),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.store.put('events', event);
    this.store.state.deliveries[event.id] = { attempts: 0, delivered: false };
    this.queue.push(event.id);
    this.kick();
    return event;
  }

  /** Sends a stored event again, same id and body: what Stripe does when it retries. */
  replay(id: string): boolean {
    if (!this.store.get('events', id)) return false;
    this.store.state.deliveries[id] = { ...(this.store.state.deliveries[id] ?? { attempts: 0 }), delivered: false };
    this.queue.push(id);
    this.kick();
    return true;
  }

  /** Resolves when nothing is queued or being sent (retries waiting on a timer do not count). */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  clear(): void {
    this.queue.length = 0;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private kick(): void {
    if (this.inFlight || this.closed || !this.url || this.queue.length === 0) return;
    this.inFlight = this.drain().finally(() => {
      this.inFlight = undefined;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    // One delivery at a time keeps events in the order they happened.
    while (this.queue.length > 0 && !this.closed && this.url) {
      const id = this.queue.shift()!;
      await this.deliver(id);
    }
  }

  private async deliver(id: string): Promise<void> {
    const event = this.store.get('events', id);
    const delivery = this.store.state.deliveries[id];
    const url = this.url;
    if (!event || !delivery || !url) return;
    const payload = JSON.stringify(publicView(event), null, 2);
    delivery.attempts += 1;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.lastError = response.ok ? undefined : `HTTP ${response.status}`;
      delivery.delivered = response.ok;
    } catch (error) {
      delivery.lastStatus = undefined;
      delivery.lastError = (error as Error).message;
    }
    if (delivery.delivered) delivery.deliveredAt = nowSeconds();
    this.store.save();
    if (!delivery.delivered) this.retryLater(id, delivery.attempts);
  }

  private retryLater(id: string, attempts: number): void {
    const delay = this.options.retryDelaysMs[attempts - 1];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.queue.push(id);
      this.kick();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
