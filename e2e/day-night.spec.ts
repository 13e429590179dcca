import { addMinutes, minuteOfDayIn } from '@playlist-alarms/core/device/day-night';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { DevicesTab } from './support/pages/devices-tab';
import { sandbox } from './support/stack';

// A parent sets the Bedroom Player's OK-to-wake light in its Day & Night section: the preset's
// colours and times, a lower night limit. The player's config changes in those fields only; then,
// with night moved to start now and day a minute from now (on the player's own clock), the
// simulated player turns to its stay in bed colour at once and to its time to get up colour when
// its clock reaches the new day time.

const BEDROOM = 'demo-player-1';
const STAY_IN_BED = '#b34700';
const GET_UP = '#22c55e';

/** "HH:MM" on the player's clock, `minutes` from now. */
const playerTime = (zone: string, minutes: number): string =>
  addMinutes('00:00', minuteOfDayIn(zone, Date.now()) + minutes);

test.beforeEach(async () => {
  await sandbox.reset();
});

test('OK-to-wake: the preset saved writes only its fields, and the player switches colour and mode by its own clock', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const zone = await sandbox.deviceZone(BEDROOM);
  const before = await sandbox.deviceConfig(BEDROOM);
  const app = new AppPage(page);
  await app.signIn();
  const devices = new DevicesTab(page);
  await devices.tab().click();
  const section = await devices.player('Bedroom Player').openDayNight('Bedroom Player');

  // The preset and a night limit of 6 of 16, saved: only those fields change at the provider.
  await section.preset().click();
  await section.field('Max volume at night').selectOption('6');
  await section.save().click();
  await expect(section.outcome()).toHaveText('Bedroom Player now keeps these settings.');
  expect(await sandbox.deviceConfig(BEDROOM)).toEqual({
    ...before,
    dayTime: '07:00',
    nightTime: '19:00',
    ambientColour: GET_UP,
    nightAmbientColour: STAY_IN_BED,
    nightMaxVolumeLimit: '6',
  });
  await expect(section.field('Stay in bed colour')).toHaveValue(STAY_IN_BED);

  // Night from a minute ago, day in six hours: the write takes effect at once.
  await section.field('Night starts').fill(playerTime(zone, -1));
  await section.field('Day starts').fill(playerTime(zone, 6 * 60));
  await section.save().click();
  await expect(section.outcome()).toHaveText('Bedroom Player now keeps these settings.');
  await expect
    .poll(async () => {
      const { night, nightlightMode, volumeMax } = await sandbox.playerState(BEDROOM);
      return { night, nightlightMode, volumeMax };
    })
    .toEqual({ night: true, nightlightMode: STAY_IN_BED, volumeMax: 6 });

  // Day a minute from now: the player's clock brings the morning and its get-up colour.
  const morning = playerTime(zone, 1);
  await section.field('Day starts').fill(morning);
  await section.save().click();
  await expect(section.outcome()).toHaveText('Bedroom Player now keeps these settings.');
  await expect(section.field('Day starts')).toHaveValue(morning);
  expect((await sandbox.playerState(BEDROOM)).night).toBe(true);
  await expect
    .poll(
      async () => {
        const { night, nightlightMode, volumeMax } = await sandbox.playerState(BEDROOM);
        return { night, nightlightMode, volumeMax };
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toEqual({ night: false, nightlightMode: GET_UP, volumeMax: 16 });
});
