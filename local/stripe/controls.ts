// Stripe emulator: test controls that real Stripe does not have, under `/_emulator/…` (JSON in,
// JSON out, no API key). They move a subscription's clock, list and replay delivered events,
// point webhooks somewhere else and reset everything. `GET /_emulator` lists them.
import { required } from './catalog';
import type { Context } from './context';
import { invalidParam, unknownRoute } from './errors';
import { publicView } from './store';
import { advance, type AdvanceTarget } from './subscriptions';

export const CONTROLS = {
  'GET /_emulator': 'This list.',
  'POST /_emulator/subscriptions/{id}/advance': 'Body {"to":"period_end"} (default) moves the subscription to its next boundary: a trial ends and the first period is invoiced and charged; an active subscription renews (or ends if set to cancel at period end); past_due/unpaid retries the open invoice (failing again → unpaid). {"to":"trial_will_end"} only sends customer.subscription.trial_will_end.',
  'GET /_emulator/events?type=': 'Every event, newest first, each with its delivery: {attempts, delivered, lastStatus, lastError}.',
  'POST /_emulator/events/{id}/replay': 'Delivers the stored event again with the same id and body (for testing deduplication).',
  'POST /_emulator/webhooks/flush': 'Waits until every queued delivery has been attempted once.',
  'POST /_emulator/webhook': 'Body {"url":"http://…"} changes where events are delivered ({"url":null} stops delivery).',
  'POST /_emulator/reset': 'Forgets everything (customers, catalogue, subscriptions, invoices, events).',
  'GET /_emulator/requests': 'How many API requests (/v1/…) were answered since the start, in all and by method and path ({count, byRoute}).',
};

export async function control(ctx: Context, method: string, path: string, body: Record<string, unknown>): Promise<unknown> {
  const parts = path.split('/').filter(Boolean).slice(1);
  const route = `${method} ${parts.map((part, index) => (index === 1 && parts.length > 2 ? '{id}' : part)).join('/')}`;
  switch (route) {
    case 'GET ':
      return { object: 'emulator', controls: CONTROLS };
    case 'POST subscriptions/{id}/advance': {
      const to = (body.to ?? 'period_end') as AdvanceTarget;
      if (to !== 'period_end' && to !== 'trial_will_end') throw invalidParam('to', 'to must be period_end or trial_will_end.');
      return publicView(advance(ctx, required(ctx, 'subscriptions', parts[1], 'subscription'), to));
    }
    case 'GET events': {
      const events = ctx.store.all('events').sort((a, b) => (b._seq as number) - (a._seq as number));
      return {
        object: 'list',
        data: events.filter((event) => !body.type || event.type === body.type).map((event) => ({ ...publicView(event) as object, delivery: ctx.store.state.deliveries[event.id] })),
      };
    }
    case 'POST events/{id}/replay':
      required(ctx, 'events', parts[1], 'event');
      ctx.webhooks.replay(parts[1]);
      return { replayed: parts[1] };
    case 'POST webhooks/flush':
      await ctx.webhooks.idle();
      return { flushed: true };
    case 'POST webhook':
      ctx.webhooks.url = typeof body.url === 'string' ? body.url : undefined;
      return { url: ctx.webhooks.url ?? null };
    case 'GET requests':
      return { count: ctx.apiRequests.count, byRoute: ctx.apiRequests.byRoute };
    case 'POST reset':
      ctx.webhooks.clear();
      ctx.store.reset();
      return { reset: true };
    default:
      throw unknownRoute(method, path);
  }
}
