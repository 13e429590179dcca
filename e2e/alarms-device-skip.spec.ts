import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import { localDateOf } from '@playlist-alarms/core/alarms/skip-pause';
import { shortDate } from '@playlist-alarms/core/texts/skip-pause-texts';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { AlarmsTab } from './support/pages/alarms-tab';
import { sandbox } from './support/stack';

// "Skip next", "Pause until…" and "Resume" of a player's own alarm end to end: the server holds
// the alarm switched off in the player's config (read here through the provider API), the sandbox
// player rings its own alarms at their minute (its state knob's `rang`), and the server switches
// a skipped alarm back on DEVICE_ALARM_HOLD_MARGIN_S (5 s in playwright.config.ts) after it.

const SKIPPED = 'demo-player-1';
/** The same alarm on another player of the family rings: the minute did pass with alarms on. */
const CONTROL = 'demo-player-2';

test.beforeEach(async () => {
  await sandbox.reset();
});

/** The first whole minute at least 75 s away (time to sign in and skip), as "HHMM" in `zone`. */
function minuteAhead(zone: string): { at: number; hhmm: string; time: string } {
  let at = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
  if (at - Date.now() < 75_000) at += 60_000;
  const { hour, minute } = wallClock(new Date(at), zone);
  const [hh, mm] = [String(hour).padStart(2, '0'), String(minute).padStart(2, '0')];
  return { at, hhmm: `${hh}${mm}`, time: `${hh}:${mm}` };
}

test('a skipped player alarm stays silent at its minute, then is on again by itself', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  const zone = await sandbox.deviceZone(SKIPPED);
  const [card] = await sandbox.demoCards();
  if (!card) throw new Error('the demo household has no playlist');
  const { at, hhmm, time } = minuteAhead(zone);
  const on = `1111111,${hhmm},${card.cardId},,,5,1`;
  const off = `1111111,${hhmm},${card.cardId},,,5,0`;
  const others = await sandbox.deviceAlarms(SKIPPED);
  await sandbox.setDeviceAlarms(SKIPPED, [...others, on]);
  await sandbox.setDeviceAlarms(CONTROL, [on]);

  await app.signIn();
  await app.tab('Alarm Management').click();
  await app.deviceAlarms('Bedroom Player');
  const row = alarms.deviceAlarmRow(time);
  await alarms.deviceHoldButton('Skip next', time).click();
  await expect(row.getByTestId('skip-pause-status')).toHaveText(/^Skipping (today|tomorrow)$/);
  await expect(alarms.deviceHoldButton('Resume', time)).toBeVisible();
  await expect(alarms.deviceAlarmSwitch(time)).not.toBeChecked();
  // Held on the player: switched off, every other alarm as it was.
  expect(await sandbox.deviceAlarms(SKIPPED)).toEqual([...others, off]);
  expect(Date.now()).toBeLessThan(at);

  // The minute passes: the other player rings the alarm, this one does not.
  await expect
    .poll(async () => (await sandbox.playerState(CONTROL)).rang.map((ringing) => ringing.at), {
      timeout: at - Date.now() + 30_000,
      intervals: [1_000],
    })
    .toEqual([new Date(at).toISOString()]);
  expect((await sandbox.playerState(SKIPPED)).rang).toEqual([]);

  // Five seconds after it the server switches it back on, and the page reads it again by itself.
  await expect
    .poll(() => sandbox.deviceAlarms(SKIPPED), { timeout: 30_000, intervals: [1_000] })
    .toEqual([...others, on]);
  await expect(alarms.deviceAlarmSwitch(time)).toBeChecked({ timeout: 30_000 });
  await expect(row.getByTestId('skip-pause-status')).toHaveCount(0);
  await expect(alarms.deviceHoldButton('Skip next', time)).toBeEnabled();
  expect((await sandbox.playerState(SKIPPED)).rang).toEqual([]);
});

test('a player alarm paused until a date, then resumed', async ({ page }) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  const zone = await sandbox.deviceZone(SKIPPED);
  const before = await sandbox.deviceAlarms(SKIPPED);
  const [first, ...rest] = before;
  if (first?.split(',')[1] !== '0700') throw new Error('the demo player has no 07:00 alarm first');

  await app.signIn();
  await app.tab('Alarm Management').click();
  await app.deviceAlarms('Bedroom Player');
  const row = alarms.deviceAlarmRow('07:00');
  const through = localDateOf(new Date(Date.now() + 10 * 86_400_000), zone);
  const [year, month, day] = through.split('-').map(Number) as [number, number, number];
  await alarms.deviceHoldButton('Pause until…', '07:00').click();
  await alarms.pauseThrough('alarm at 07:00', through);
  await expect(row.getByTestId('skip-pause-status')).toHaveText(
    `Paused until ${shortDate(year, month - 1, day)}`,
  );
  await expect(alarms.deviceAlarmSwitch('07:00')).not.toBeChecked();
  const held = await sandbox.deviceAlarms(SKIPPED);
  expect(held).toEqual([first.replace(/,1$/, ',0'), ...rest]);

  await alarms.deviceHoldButton('Resume', '07:00').click();
  await expect(row.getByTestId('skip-pause-status')).toHaveCount(0);
  await expect(alarms.deviceAlarmSwitch('07:00')).toBeChecked();
  // On again on the player, byte for byte as it was.
  expect(await sandbox.deviceAlarms(SKIPPED)).toEqual(before);
});
