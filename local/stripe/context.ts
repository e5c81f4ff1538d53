// Stripe emulator: what every API handler and hosted page works with.
import type { Store } from './store';
import type { Webhooks } from './webhooks';

export type Context = {
  store: Store;
  webhooks: Webhooks;
  /** Where the hosted checkout, invoice and portal pages are reachable, e.g. http://127.0.0.1:12110. */
  baseUrl: string;
  /** API requests answered since the start (or the last reset), by method and path: tests count what the app asks Stripe. */
  apiRequests: { count: number; byRoute: Record<string, number> };
};
