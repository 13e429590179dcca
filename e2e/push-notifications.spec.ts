import {
  startLocalPushService,
  type LocalPushService,
} from '@playlist-alarms/server/test/support/local-push-service';
import { PUSH_SETTINGS_TEXTS as T } from '@playlist-alarms/core/texts/push-settings-texts';
import { AppPage } from './support/app-page';
import { expectNoSeriousViolations } from './support/axe';
import { cloud, cloudAlarmNextMinute } from './support/cloud';
import {
  browserPushIs,
  deliverPush,
  clickNotification,
  shownNotifications,
  signedInWithNotificationsOn,
} from './support/push-browser';
import { E2E_PORTS, appUrl, sandbox, withNotifications } from './support/stack';
import { expect, test } from './support/test';

// Web Push end to end (docs/decisions/push-notifications.md). The server sends to a local push
// service (PUSH_ENDPOINT_HOSTS names it in playwright.config.ts), which decrypts each message with
// the subscription's own keys. Chromium offline has no push service of its own, so the page's
// PushManager hands out that local service's subscription (an init script); the message the server
// sent is then delivered to the app's service worker through DevTools (ServiceWorker.deliverPushMessage),
// which shows it, and a click on it opens the view it is about.
test.use({ serviceWorkers: 'allow', launchOptions: withNotifications() });

let push: LocalPushService;
test.beforeAll(async () => {
  push = await startLocalPushService({ port: E2E_PORTS.push });
});
test.afterAll(async () => {
  await push.close();
});
test.beforeEach(async () => {
  await sandbox.reset();
  // The journeys share a stack in turn, in an order that depends on the workers: start with none.
  await cloud.clear();
});

test('a parent turns notifications on, a cloud alarm does not play on a player that is off, the notification shows and opens the alarms', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { app, browser } = await signedInWithNotificationsOn(page, context, push);
  const kinds = page.getByRole('group', { name: T.notifyMeWhen });
  await expect(kinds.getByRole('switch', { name: 'a cloud alarm did not play' })).toBeChecked();
  await expectNoSeriousViolations(page, 'the Notifications settings');

  await sandbox.setOnline('demo-player-1', false);
  const [card] = await sandbox.demoCards();
  await cloudAlarmNextMinute(page, card?.cardId ?? '', 'Push journey');
  // First the prepare probe's news that the player is off, then the firing's receipt.
  const messages = await push.waitFor(browser.endpoint, 2, 150_000);
  const payloads = messages.map((m) => JSON.parse(m.text) as Record<string, unknown>);
  expect(payloads.map((p) => p.kind)).toEqual(['player-offline', 'alarm-not-played']);
  const message = messages[1];
  const payload = payloads[1] ?? {};
  expect(payload).toMatchObject({
    kind: 'alarm-not-played',
    title: 'Alarm did not play: Push journey',
    url: '/?view=alarms',
  });
  // Off before the firing: 'player-offline', also when the worker's link to the player heard it on
  // an earlier journey's ringing (the prepare probe and the ringing each ask it again).
  expect(String(payload.body)).toMatch(
    /^The \d\d:\d\d alarm did not play: Bedroom Player was off or offline\.$/,
  );

  const worker = await deliverPush(page, message?.text ?? '');
  await expect
    .poll(() => shownNotifications(worker))
    .toEqual([
      { title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/?view=alarms' } },
    ]);

  await app.tab('Your Playlists (42)').click();
  await clickNotification(worker);
  // The click reloads the page at the link (the app boots again), which then opens the tab and
  // drops the link's parameters from the address.
  await expect(app.tab('Alarm Management')).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page).toHaveURL(`${appUrl}/`);
});

test('a notification about a player opens the Devices tab on that player’s card', async ({
  page,
  context,
}) => {
  await browserPushIs(context, push.subscribe());
  const app = new AppPage(page);
  await app.signIn();
  const worker = await deliverPush(
    page,
    JSON.stringify({
      kind: 'player-offline',
      title: 'Bedroom Player is offline',
      body: 'It went offline at 19:02.',
      url: '/?view=devices&device=demo-player-1',
      tag: 'player-offline:demo-player-1',
    }),
  );
  await expect.poll(() => shownNotifications(worker)).toHaveLength(1);
  await expect(app.tab('Your Playlists (42)')).toHaveAttribute('aria-selected', 'true');

  await clickNotification(worker);
  await expect(app.tab('Device Management (3)')).toHaveAttribute('aria-selected', 'true');
  await expect(app.playerCard('Bedroom Player')).toBeFocused();
  // The address drops the link's parameters: a reload opens the app as usual.
  await expect(page).toHaveURL(`${appUrl}/`);
});

test('signing out stops this browser’s notifications: the server forgets it, and so does the browser', async ({
  page,
  context,
}) => {
  const { app, browser } = await signedInWithNotificationsOn(page, context, push);
  // The parent's other browsers (earlier journeys on this stack subscribed some) are not this one's.
  const kept = async () => {
    const answer = await page.request.get('/api/push/subscriptions');
    expect(answer.status()).toBe(200);
    const { subscriptions } = (await answer.json()) as { subscriptions: { endpoint: string }[] };
    return subscriptions.map((subscription) => subscription.endpoint);
  };
  expect(await kept()).toContain(browser.endpoint);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(app.connectButton()).toBeVisible();
  const browserHolds = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (await registration?.pushManager.getSubscription()) != null;
    });
  expect(await browserHolds()).toBe(false);
  await app.signIn();
  expect(await kept()).not.toContain(browser.endpoint);
});
