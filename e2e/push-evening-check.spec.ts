import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import {
  NOTIFICATION_KIND_LABELS,
  PUSH_SETTINGS_TEXTS as T,
} from '@playlist-alarms/core/texts/push-settings-texts';
import {
  startLocalPushService,
  type LocalPushService,
} from '../packages/server/test/support/local-push-service';
import { cloud } from './support/cloud';
import {
  clickNotification,
  deliverPush,
  shownNotifications,
  signedInWithNotificationsOn,
} from './support/push-browser';
import { E2E_PORTS, knobs, sandbox, withNotifications } from './support/stack';
import { expect, test } from './support/test';

// The evening check, from the parent's browser to the parent's browser: they turn notifications on
// and clear the quiet hours in the settings, a player is flat, and in the parent's evening the
// server warns them (a local RFC 8030 push service receives it and decrypts it with the browser's
// own keys); the app's service worker shows it, and a click opens the player's card. The stack runs
// where it is noon (playwright.config.ts), so the parent's household is moved to a zone where it is
// evening now; the player watch looks every 5 s there.
test.use({ serviceWorkers: 'allow', launchOptions: withNotifications() });

const PLAYER = 'demo-player-1';

/** A real zone whose clock reads 20:xx at `now`: evening, tomorrow morning still ahead. */
function eveningZone(now: Date): string {
  const zone = Intl.supportedValuesOf('timeZone').find((candidate) => wallClock(now, candidate).hour === 20);
  if (!zone) throw new Error(`no time zone reads 20:00 at ${now.toISOString()}`);
  return zone;
}

let push: LocalPushService;
test.beforeAll(async () => {
  push = await startLocalPushService({ port: E2E_PORTS.push });
});
test.afterAll(async () => {
  await push.close();
});

test.afterEach(async () => {
  await sandbox.reset();
  await cloud.clear();
  // The household back in the stack's quiet zone, where the other journeys expect it.
  await cloud.setZone(process.env.E2E_TIMEZONE ?? 'UTC');
});

test('the evening check warns about a flat player, and the warning opens its card', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await sandbox.reset();
  // Whatever an earlier journey on this stack left (the cap journey leaves ten alarms) goes first.
  await cloud.clear();
  // On its dock until the parent's notifications are on: the demo player runs on battery and
  // switches itself off after an hour, a risk the evening check would warn about at its first look.
  await knobs.player(PLAYER).power({ charging: true });
  await cloud.setZone(eveningZone(new Date()));
  await cloud.create({
    yoto_device_id: PLAYER,
    device_name: 'Bedroom Player',
    alarm_type: 'wakeup',
    alarm_name: 'School days',
    playlist_id: await sandbox.cardIdOf('Good Morning Songs'),
    hour: 7,
    minute: 0,
    days: '1111111',
    volume: 6,
  });
  // The parent turns this browser's notifications on, keeps the warning's kind on, and clears the
  // quiet hours (from equals to), so the warning goes out whatever the zone's hour turns to.
  const { app, browser } = await signedInWithNotificationsOn(page, context, push);
  const kinds = page.getByRole('group', { name: T.notifyMeWhen });
  await expect(kinds.getByRole('switch', { name: NOTIFICATION_KIND_LABELS['alarm-at-risk'] })).toBeChecked();
  await page.getByLabel(T.quietFrom, { exact: true }).fill('00:00');
  await page.getByLabel(T.quietTo, { exact: true }).fill('00:00');
  await page.getByRole('button', { name: T.saveQuietHours }).click();
  await expect(page.getByText(T.quietHoursSaved)).toBeVisible();

  // A docked player is not at risk: a look of the evening check (every 5 s here) sends nothing
  // about it. Only this player's news counts: the household's other players have alarms of their
  // own, and whether one of those falls in this zone's tomorrow morning depends on the hour the
  // journey runs (Grandma's Player is off, and its 06:45 New York alarm is 11:45 UTC).
  const aboutPlayer = () =>
    push
      .received(browser.endpoint)
      .filter((message) => message.text.includes(`"tag":"alarm-at-risk:${PLAYER}:`));
  await page.waitForTimeout(6_000);
  expect(aboutPlayer()).toEqual([]);

  await knobs.player(PLAYER).power({ batteryLevel: 8, charging: false });

  await expect.poll(() => aboutPlayer().length, { timeout: 30_000 }).toBe(1);
  const [warning] = aboutPlayer();
  expect(warning, 'the evening check warned').toBeDefined();
  const payload = JSON.parse(warning?.text ?? '{}') as Record<string, unknown>;
  expect(payload).toEqual({
    kind: 'alarm-at-risk',
    title: "Tomorrow's alarm on Bedroom Player may not ring",
    body: expect.stringMatching(
      /^Bedroom Player is at 8 % and not charging: the \d\d:\d\d( [^:]+)? alarm may not ring\. Put it on its dock\.$/,
    ) as unknown,
    url: `/?view=devices&device=${PLAYER}`,
    tag: expect.stringMatching(/^alarm-at-risk:demo-player-1:\d{4}-\d\d-\d\d$/) as unknown,
  });
  expect(push.refused(browser.endpoint)).toEqual([]);

  // The browser shows it, and a click opens the Bedroom Player's card.
  const worker = await deliverPush(page, warning?.text ?? '');
  await expect
    .poll(() => shownNotifications(worker))
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);
  await clickNotification(worker);
  await expect(app.tab('Device Management (3)')).toHaveAttribute('aria-selected', 'true');
  await expect(app.playerCard('Bedroom Player')).toBeFocused();

  // Signing out takes this browser's subscription off the server, for the journeys after this one.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(app.connectButton()).toBeVisible();
});
