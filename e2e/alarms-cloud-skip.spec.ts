import { expect, test } from './support/test';
import { localDateOf } from '@playlist-alarms/core/alarms/skip-pause';
import { shortDate } from '@playlist-alarms/core/texts/skip-pause-texts';
import { AppPage } from './support/app-page';
import { cloud } from './support/cloud';
import { AlarmsTab } from './support/pages/alarms-tab';
import { browserTimeZone } from './support/quiet-zone';
import { sandbox } from './support/stack';

// "Pause until…", "Skip next" and "Resume" of a cloud alarm end to end: the row's status line,
// and the server's stored alarm (GET /api/alarms as the demo parent) after each step.

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('a cloud alarm paused until a date, resumed, skipped and resumed again', async ({ page }) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  await app.signIn();
  const zone = await browserTimeZone(page);
  await cloud.setZone(zone);
  await cloud.create({
    yoto_device_id: 'demo-player-1',
    device_name: 'Bedroom Player',
    alarm_type: 'wakeup',
    alarm_name: 'Holiday Wake',
    playlist_id: 'card-holiday',
    hour: 7,
    minute: 0,
    days: '1111111',
  });
  // Reloaded: the alarm was made beside the page, whose list may already have been read.
  await page.reload();
  await app.tab('Alarm Management').click();
  await expect(alarms.cloudAlarm('07:00 · Holiday Wake')).toBeVisible();

  // Pause through a date ten days ahead: the line says so, and the stored next ringing is after it.
  const through = localDateOf(new Date(Date.now() + 10 * 86_400_000), zone);
  const [year, month, day] = through.split('-').map(Number) as [number, number, number];
  await alarms.pauseUntil('Holiday Wake');
  await alarms.pauseThrough('Holiday Wake', through);
  await expect(alarms.skipPauseStatus()).toHaveText(`Paused until ${shortDate(year, month - 1, day)}`);
  const [paused] = await cloud.alarms();
  expect(paused?.paused_through).toBe(through);
  expect(localDateOf(new Date(paused?.next_fire_at ?? 0), zone) > through).toBe(true);

  await alarms.resume('Holiday Wake');
  await expect(alarms.skipPauseStatus()).toHaveCount(0);
  const [resumed] = await cloud.alarms();
  expect(resumed).toMatchObject({ paused_through: null, skip_until: null });

  // Skip next: today's or tomorrow's 07:00 stays silent; the stored next ringing is the one after.
  await alarms.skipNext('Holiday Wake');
  await expect(alarms.skipPauseStatus()).toHaveText(/^Skipping (today|tomorrow)$/);
  const [skipped] = await cloud.alarms();
  expect(skipped?.skip_until).toBe(resumed?.next_fire_at);
  expect(Date.parse(skipped?.next_fire_at ?? '')).toBeGreaterThan(Date.parse(skipped?.skip_until ?? ''));

  await alarms.resume('Holiday Wake');
  await expect(alarms.skipPauseStatus()).toHaveCount(0);
  expect((await cloud.alarms())[0]).toMatchObject({ skip_until: null, next_fire_at: resumed?.next_fire_at });
});
