/// <reference lib="webworker" />
// The one service worker at /sw.js, a helper of the page and not a clock (browsers stop idle
// workers): it precaches the app shell Workbox lists at build time, so the app opens without a
// network after one visit, and it carries the alarm messages (alarm-relay.ts). A new version waits
// until the page accepts it.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { AlarmRelay } from './alarm-relay';
import { openFromNotification, showPush, type PushScope } from './push-notifications';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first worker takes the open page at once (so it works offline from the first visit). A later
// version activates only when the page accepts the update (SKIP_WAITING), and the page then reloads.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Every page address boots the single-page app from the cache; the API and the sign-in redirects
// must reach the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(?:\/|$)/, /^\/auth(?:\/|$)/],
  }),
);

const relay = new AlarmRelay({
  now: () => new Date(),
  setTimer: (run, delayMs) => setTimeout(run, delayMs),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  broadcast: (message) => {
    void self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      for (const page of pages) page.postMessage(message);
    });
  },
  skipWaiting: () => void self.skipWaiting(),
});

self.addEventListener('message', (event) => {
  const answer = relay.receive(event.data);
  if (answer && event.source) event.source.postMessage(answer);
});

// Web Push: each message is shown as a notification; a click opens the app on its view.
const pushScope: PushScope = {
  origin: self.location.origin,
  showNotification: (title, options) => self.registration.showNotification(title, options),
  windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  openWindow: (url) => self.clients.openWindow(url),
};
self.addEventListener('push', (event) => event.waitUntil(showPush(event.data?.text() ?? null, pushScope)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data, pushScope));
});
