/* Cairn's Web Push handler, imported by the generated service worker (vite.config.ts,
 * workbox.importScripts). The server sends { title, body, url, tag } (encrypted; the browser
 * decrypts it): the notification is shown, and a click focuses a Cairn tab on that page or opens
 * one. Only same-origin pages are opened. */
/* global self */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Cairn';
  const url = typeof data.url === 'string' ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icon-192.png',
      badge: '/favicon-32.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let target;
  try {
    target = new URL(event.notification.data && event.notification.data.url, self.location.origin);
  } catch {
    target = new URL('/', self.location.origin);
  }
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === target.origin && 'focus' in client) {
          return client
            .focus()
            .then((focused) =>
              focused && 'navigate' in focused ? focused.navigate(target.href) : focused,
            );
        }
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
