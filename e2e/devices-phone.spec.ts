import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { DevicesTab } from './support/pages/devices-tab';
import { expectNoSidewaysScroll } from './support/layout';
import { sandbox, type PlayerState } from './support/stack';

// The Device Management tab on a phone (390×844, touch): a parent connects a player and drives the
// remote control with taps; each step asserts what the player did, and the page never scrolls
// sideways. The desktop journeys of every control are in devices.spec.ts.

const BEDROOM = 'demo-player-1';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

test.beforeEach(async () => {
  await sandbox.reset();
});

const eventually = <T>(read: (player: PlayerState) => T) =>
  expect.poll(async () => read(await sandbox.playerState(BEDROOM)), { timeout: 10_000 });

test('on a phone: connect the Bedroom Player, quick play and set the volume by touch, nothing scrolls sideways', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  await expectNoSidewaysScroll(page, 'signed in');
  await app.tab('Devices').tap(); // the short labels of a small screen;
  const devices = new DevicesTab(page);
  const card = devices.player('Bedroom Player');
  await expect(card.root).toBeVisible();
  await expectNoSidewaysScroll(page, 'devices tab');

  await card.connectButton().tap();
  await expect(card.disconnectButton()).toBeVisible();
  await expect(devices.connectionState('MQTT Connected')).toBeVisible();
  const player = await sandbox.playerState(BEDROOM);
  await expect(
    card.chip(`Battery ${player.battery.level}%${player.battery.charging ? ' ⚡' : ''}`),
  ).toBeVisible();
  await card.button('Device Status', true).tap();
  await expect(card.region('Power & Battery')).toBeVisible();
  await expectNoSidewaysScroll(page, 'connected, status report open');

  // A quick play favourite: the player plays the card its (shortened) title names.
  const quick = card.quickPlay();
  await expect(quick).toHaveCount(4);
  const label = (await quick.nth(1).textContent()) ?? '';
  const prefix = label.endsWith('...') ? label.slice(0, -3) : label;
  const expected = (await sandbox.demoCards()).find((c) => c.title.startsWith(prefix));
  expect(expected, `a demo card titled like "${label}"`).toBeDefined();
  await quick.nth(1).tap();
  await eventually((p) => [p.playbackStatus, p.cardId]).toEqual(['playing', expected!.cardId]);
  await card.button('Pause', true).tap();
  await eventually((p) => p.playbackStatus).toBe('paused');

  // The gauge's segments are small on a phone; a tap on the tenth sets 10/14 = 71 % = 11 of 16.
  await expect(card.volumeLevels()).toHaveCount(14);
  await card.volumeLevel(10).tap();
  await expect(card.text(/Volume 10\/14 \(69%\)/)).toBeVisible();
  await eventually((p) => p.volume).toBe(11);
  await expectNoSidewaysScroll(page, 'after the remote controls');

  await card.button('Advanced Controls').tap();
  await expect(card.bluetooth().root).toBeVisible();
  await expectNoSidewaysScroll(page, 'advanced controls open');
});
