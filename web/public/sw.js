// Service worker (served at /sw.js, scope /): shows Web Push messages and opens their link.
// The payload is what lambdas/events/push.ts sends: { title, body, url, tag }.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Road closures';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || '',
      tag: message.tag,
      icon: '/favicon.svg',
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
