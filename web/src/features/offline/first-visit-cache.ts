// A first visit loads the base map (style, tiles, glyphs) before the service worker exists, and
// MapLibre's web worker, started while no service worker controlled the page, stays outside it
// for the page's whole life: none of its tile requests reach the worker's runtime cache. With the
// signal gone a minute later, the map would have no base map at all. So on a first visit the page
// notes the base-map URLs MapLibre asks for (its transformRequest runs on the main thread) and,
// once the first worker has taken charge, hands them to it; the worker caches them through its
// own base-map route (Workbox's CACHE_URLS message, which its default router listens for).

/** The same-origin requests the worker keeps in its base-map cache (web/src/sw.ts routes these). */
export function isBaseMapUrl(url: URL, origin: string): boolean {
  return url.origin === origin && (/^\/map-style(-[a-z]+)?\.json$/.test(url.pathname) || url.pathname.startsWith('/tiles/'));
}

/** Waits this long after a request so that a screenful of tiles goes to the worker as one message. */
const BATCH_MS = 1_000;

export interface FirstVisitBaseMap {
  /** MapLibre's transformRequest hook calls this with every URL it is about to ask for. */
  note(url: string): void;
}

/**
 * Starts noting base-map requests when no worker controlled the page at its start; a page the
 * worker already controls has its requests cached by the worker itself, so nothing is noted.
 */
export function firstVisitBaseMap(container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'> | undefined, origin: string): FirstVisitBaseMap {
  if (!container || container.controller) return { note: () => undefined };
  const waiting = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const send = () => {
    timer = null;
    const worker = container.controller;
    if (!worker || waiting.size === 0) return;
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...waiting] } });
    waiting.clear();
  };
  const sendSoon = () => {
    timer ??= setTimeout(send, BATCH_MS);
  };
  container.addEventListener('controllerchange', sendSoon);

  return {
    note(raw: string) {
      let url: URL;
      try {
        url = new URL(raw, origin);
      } catch {
        return;
      }
      if (!isBaseMapUrl(url, origin)) return;
      waiting.add(url.href);
      if (container.controller) sendSoon();
    },
  };
}

let current: FirstVisitBaseMap | null = null;

/** The page's one instance, decided when the app starts (before the worker registers). */
export function startFirstVisitBaseMap(): void {
  if (typeof window === 'undefined') return;
  current ??= firstVisitBaseMap(navigator.serviceWorker, window.location.origin);
}

/** MapLibre's transformRequest: notes the URL (on a first visit) and leaves the request as it is. */
export function noteMapRequest(url: string): { url: string } {
  current?.note(url);
  return { url };
}
