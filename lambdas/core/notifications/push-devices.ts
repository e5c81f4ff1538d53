// Rules for the browsers that receive Web Push: endpoints only from the browsers' own push
// services (the app never posts to a host of someone's choosing), a cap on devices per user, and
// per-device failure handling, so one broken endpoint delays only itself and is dropped after
// repeated failures instead of ending delivery to everyone after it.

/** The push services of Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS). */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

export const MAX_PUSH_DEVICES_PER_USER = 10;
/** A device that failed this many times in a row (other than "gone") is dropped. */
export const MAX_PUSH_FAILURES = 5;
/** Users whose devices are being sent to at the same time. */
export const PUSH_USER_CONCURRENCY = 16;

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

/**
 * Whether an endpoint is a browser push service's (https, on one of their hosts or a subdomain).
 * The local stack also accepts loopback endpoints: the tests' stand-in push service.
 */
export function isPushServiceEndpoint(endpoint: string, options: { allowLoopback?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (options.allowLoopback && isLoopback(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Seconds until a failing device is tried again: 1, 2, 4, 8 … minutes, at most an hour. */
export const backoffSeconds = (failures: number) => Math.min(60 * 2 ** Math.max(0, failures - 1), 3600);

export type DeviceOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; failures: number; drop: boolean; retryAfter: number };

/** What one send attempt means for the device: sent, gone (404/410), or one more failure. */
export function deviceOutcome(error: unknown, previousFailures: number, now: number): DeviceOutcome {
  if (error === undefined) return { kind: 'sent' };
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 404 || status === 410) return { kind: 'gone' };
  const failures = previousFailures + 1;
  return { kind: 'failed', failures, drop: failures >= MAX_PUSH_FAILURES, retryAfter: now + backoffSeconds(failures) };
}

/** Runs fn over the items with at most `limit` running at once; never rejects for one item's failure. */
export async function forEachBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await fn(item);
      } catch {
        // fn handles its own failures; one item never stops the others.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
