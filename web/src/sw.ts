/// <reference lib="webworker" />
// The app's service worker, built by vite-plugin-pwa (Workbox, injectManifest) and served at /sw.js
// with scope /. It keeps the app usable on one bar of signal or none: the app shell is precached,
// pages come from the network when it answers within a few seconds and from the precached shell
// otherwise, /config.json falls back to its last copy so the app can boot offline, and the base map
// (style and tiles) is cached as it is viewed. It also shows Web Push messages (the payload
// lambdas/events/push.ts sends: { title, body, url, tag }) and opens their link.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { isBaseMapUrl } from './features/offline/first-visit-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes charge of the open page at once, so what that visit loads is cached too;
// a later version waits for the user's "Reload" (see the message handler below).
clientsClaim();

const CONFIG_CACHE = 'config';
// The page fetched /config.json before this worker existed: keep a copy now so the app can boot
// offline from the very first visit.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CONFIG_CACHE).then((cache) => cache.add('/config.json')).catch(() => undefined));
});

/** Paths served by the server itself, never by the app shell. */
const SERVER_PATHS = /^\/(graphql|feeds|tiles|dev|text|health|stripe|config\.json|map-style(-[a-z]+)?\.json|2015-03-31)(\/|$)/;

const pages = new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pages.handle(options);
        if (response) return response;
      } catch {
        // Offline and never visited: the precached shell renders every route.
      }
      return (await matchPrecache('/index.html')) ?? Response.error();
    },
    { denylist: [SERVER_PATHS] },
  ),
);

// The runtime configuration: fresh when online, the last copy when not (the app cannot boot without it).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === '/config.json' && request.method === 'GET',
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 4, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// Base map: the style and the vector tiles a user has looked at stay available offline. A first
// visit's page, which loaded its base map before this worker existed, sends those URLs here in a
// CACHE_URLS message once the worker controls it (features/offline/first-visit-cache.ts); the
// default router's cache listener puts them through this same route.
registerRoute(
  ({ url }) => isBaseMapUrl(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: 'base-map',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The update prompt ("A new version is available — Reload") asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let message: { title?: string; body?: string; url?: string; tag?: string } = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Road closures', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // Reuse an open tab of the app rather than stacking new ones.
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      // navigate() rejects for a tab this worker does not control yet: open the link instead.
      return open.focus().then((w) => w.navigate(target)).catch(() => self.clients.openWindow(target));
    }),
  );
});

// Background Sync: incident reports written offline wait in IndexedDB (features/report-queue).
// When the connection returns the browser wakes this worker, which asks the open app to send
// them (the user's sign-in lives in the page, so the worker cannot send them itself). If no tab
// is open, or some still wait, the sync fails and the browser tries again later; the app also
// sends its queue whenever it starts or sees the `online` event.
const REPORT_SYNC_TAG = 'send-queued-reports';

function askWindowToSend(client: Client): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), 60_000);
    channel.port1.onmessage = (message) => {
      clearTimeout(timer);
      resolve(Number((message.data as { remaining?: number }).remaining ?? 0));
    };
    client.postMessage({ type: 'SEND_QUEUED_REPORTS' }, [channel.port2]);
  });
}

self.addEventListener('sync', ((event: Event & { tag: string; waitUntil(p: Promise<unknown>): void }) => {
  if (event.tag !== REPORT_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (windows) => {
      if (windows.length === 0) throw new Error('No open app to send the queued reports');
      const remaining = await askWindowToSend(windows[0]);
      if (remaining > 0) throw new Error('Some queued reports still wait');
    }),
  );
}) as EventListener);
