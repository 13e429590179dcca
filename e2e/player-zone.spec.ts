import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { cloud } from './support/cloud';
import { sandbox } from './support/stack';

// A player rings its own alarms by its own clock. Grandma's Player lives in New York; this
// browser is twelve hours away, so an alarm read on the browser's clock would be half a day off.
// The banner's countdown and the alarm lists must read New York's clock, and say so.

const GRANDMA = 'demo-player-3';
const NEW_YORK = 'America/New_York';
const MINUTE = 60_000;

/** Minutes a clock in `zone` is ahead of UTC at `now`. */
const offsetOf = (zone: string, now: Date): number => {
  const c = wallClock(now, zone);
  return Math.round((Date.UTC(c.year, c.month, c.day, c.hour, c.minute) - now.getTime()) / MINUTE);
};

/** A zone whose clock is twelve hours ahead of New York's now (a populous one when it can). */
function twelveHoursFrom(zone: string, now: Date): string {
  const wanted = offsetOf(zone, now) + 12 * 60;
  const preferred = ['Asia/Shanghai', 'Asia/Bangkok', 'Asia/Singapore', 'Asia/Jakarta'];
  const found = [...preferred, ...Intl.supportedValuesOf('timeZone')].find(
    (c) => offsetOf(c, now) === wanted,
  );
  if (!found) throw new Error(`no time zone twelve hours from ${zone} at ${now.toISOString()}`);
  return found;
}

test.use({ timezoneId: twelveHoursFrom(NEW_YORK, new Date()) });

const two = (n: number) => String(n).padStart(2, '0');

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('a browser twelve hours from the player sees its alarm at New York’s time, with the right countdown', async ({
  page,
}) => {
  const cardId = await sandbox.cardIdOf('Good Morning Songs');
  // An alarm an hour and a half away on Grandma's clock (sooner than any of the family's own), and
  // one at 07:00 that is switched off.
  const at = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 90 * MINUTE);
  const { hour, minute } = wallClock(at, NEW_YORK);
  const time = `${two(hour)}:${two(minute)}`;
  await sandbox.setDeviceAlarms(GRANDMA, [
    `1111111,${two(hour)}${two(minute)},${cardId},,,5,1`,
    `1111111,0700,${cardId},,,5,0`,
  ]);
  expect(await sandbox.deviceZone(GRANDMA)).toBe(NEW_YORK);

  const app = new AppPage(page);
  await app.signIn();
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(offsetOf(browserZone, new Date()) - offsetOf(NEW_YORK, new Date())).toBe(12 * 60);

  // The banner: New York's time, its place, and a countdown to that instant (on the browser's own
  // clock the same time would be 10½ or 13½ hours away).
  const shown = await page.evaluate(
    ({ instant, zone }) =>
      new Date(instant).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: zone }),
    { instant: at.getTime(), zone: NEW_YORK },
  );
  const line = page.getByTestId('next-alarm');
  await expect(line).toHaveAttribute('data-phase', 'waiting');
  await expect(line).toHaveText(
    new RegExp(
      `^⏰ Next alarm: Good Morning Songs on Grandma's Player at ${shown} in New York \\(player alarm\\), in 1h \\d+m$`,
    ),
  );
  // The countdown is the time left to that instant when it is read: a slow sign-in on a busy machine
  // (a CI run took over a minute) must not make the test's own wait look like a wrong countdown.
  const [, hours, minutes] = /in (\d+)h (\d+)m$/.exec((await line.textContent()) ?? '') ?? [];
  const leftMinutes = (at.getTime() - Date.now()) / MINUTE;
  expect(Math.abs(Number(hours) * 60 + Number(minutes) - leftMinutes)).toBeLessThanOrEqual(1);

  // The lists say whose clock the times are on.
  await app.tab('Alarm Management').click();
  const list = await app.deviceAlarms("Grandma's Player");
  await expect(list.getByText(`${time} in New York · Good Morning Songs`)).toBeVisible();
  await expect(list.getByText('07:00 in New York · Good Morning Songs')).toBeVisible();
});
