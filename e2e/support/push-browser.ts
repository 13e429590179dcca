import type {
  BrowserSubscription,
  LocalPushService,
} from '@playlist-alarms/server/test/support/local-push-service';
import { PUSH_SETTINGS_TEXTS as T } from '@playlist-alarms/core/texts/push-settings-texts';
import { AppPage } from './app-page';
import { appUrl } from './stack';
import { expect, type BrowserContext, type CDPSession, type Page, type Worker } from './test';

// A browser that receives Web Push in the journeys (docs/decisions/push-notifications.md).
// Chromium offline has no push service of its own, so the page's PushManager hands out a local
// RFC 8030 push service's subscription (an init script); a message the server sent there is then
// delivered to the app's service worker through DevTools (ServiceWorker.deliverPushMessage).
// Journeys using these need `test.use({ serviceWorkers: 'allow' })`.

/** The page's PushManager gives out `subscription` (what a browser would, with its push service). */
export async function browserPushIs(
  context: BrowserContext,
  subscription: BrowserSubscription,
): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: appUrl });
  await context.addInitScript((json) => {
    const key = 'e2e-push-subscribed';
    const unsubscribe = () => {
      localStorage.removeItem(key);
      return Promise.resolve(true);
    };
    const made = () => ({ ...json, toJSON: () => json, unsubscribe });
    PushManager.prototype.subscribe = function subscribe() {
      localStorage.setItem(key, '1');
      return Promise.resolve(made() as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(
        (localStorage.getItem(key) ? made() : null) as unknown as PushSubscription | null,
      );
    };
  }, subscription);
}

/** Signed in, with this browser's notifications turned on in the settings under Alarm Management. */
export async function signedInWithNotificationsOn(
  page: Page,
  context: BrowserContext,
  push: LocalPushService,
) {
  const browser = push.subscribe();
  await browserPushIs(context, browser);
  const app = new AppPage(page);
  await app.signIn();
  await app.tab('Alarm Management').click();
  await page.getByRole('button', { name: T.turnOn }).click();
  await expect(page.getByText(T.turnedOn)).toBeVisible();
  return { app, browser };
}

/** The app's worker, once it controls the page, and its registration id for DevTools. */
export async function appWorker(
  page: Page,
): Promise<{ worker: Worker; cdp: CDPSession; registrationId: string }> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const own = registrations.find((r) => r.scopeURL.startsWith(appUrl) && !r.isDeleted);
      if (own !== undefined) resolve(own.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url().startsWith(appUrl));
  if (worker === undefined) throw new Error('the app has no service worker');
  return { worker, cdp, registrationId };
}

/** Hands `data` (a push message's decrypted text) to the app's worker, as the push service would. */
export async function deliverPush(page: Page, data: string): Promise<Worker> {
  const { worker, cdp, registrationId } = await appWorker(page);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: appUrl, registrationId, data });
  return worker;
}

/** The parts of the service worker's global scope used below (the journeys compile with the DOM lib). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Notification[]> };
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

/** What the worker shows now: each notification's title, body, tag and data. */
export const shownNotifications = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const shown = await scope.registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });

/** A click on the shown notification, as the browser dispatches it to the worker. */
export const clickNotification = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (notification === undefined) throw new Error('no notification to click');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
