// Whether the server can be reached, learnt from the API calls themselves. The browser's
// navigator.onLine only knows whether the device has a network: on a Wi-Fi or a mobile signal
// with no internet behind it (a flooded town's exchange, a captive portal) it stays true while
// every request fails. A request that fails for want of a network marks the server unreachable;
// any answer marks it reachable again, and while it is unreachable a probe asks (soon after the
// failure, as one dropped request on a patchy signal should not leave the app offline for long,
// then every PROBE_INTERVAL_MS), so the app notices the connection coming back by itself.

export const FIRST_PROBE_MS = 3_000;
export const PROBE_INTERVAL_MS = 15_000;

type Probe = () => Promise<boolean>;

const listeners = new Set<() => void>();
let reachable = true;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probe: Probe = probeEndpoint(() => null);

export function isServerReachable(): boolean {
  return reachable;
}

/** No network (the browser says so), or a network on which the server cannot be reached. */
export function isDeviceOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || !reachable;
}

/** Calls `listener` whenever reachability changes; returns the unsubscribe. */
export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** An answer came back (any answer, an error included): the server is reachable. */
export function noteServerReached(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
  change(true);
}

/** A request failed with no answer at all: the server cannot be reached from here. */
export function noteServerUnreachable(): void {
  change(false);
  scheduleProbe(FIRST_PROBE_MS);
}

/** The probe asks the API's URL; `endpoint` is read when it runs, as the config loads late. */
export function setReachabilityProbe(next: Probe): void {
  probe = next;
}

/**
 * A probe that fetches `endpoint()` without reading the answer ('no-cors': an opaque answer
 * still proves the server answered); only a network failure rejects. Uncached, and not a URL the
 * service worker serves from its cache.
 */
export function probeEndpoint(endpoint: () => string | null | undefined): Probe {
  return async () => {
    try {
      const url = endpoint();
      // Nothing to ask yet (no configuration): the next API call decides.
      if (!url) return true;
      await fetch(url, { method: 'GET', mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
      return true;
    } catch {
      return false;
    }
  };
}

function change(next: boolean) {
  if (reachable === next) return;
  reachable = next;
  listeners.forEach((listener) => listener());
}

function scheduleProbe(delay: number) {
  if (probeTimer !== null) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    void probe().then((ok) => {
      if (reachable) return;
      if (ok) noteServerReached();
      else scheduleProbe(PROBE_INTERVAL_MS);
    });
  }, delay);
}
