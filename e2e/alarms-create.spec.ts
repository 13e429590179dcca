import { expect, test, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { CreateAlarmDialog, DAY_LABELS, AlarmsTab, type DayLabel } from './support/pages/alarms-tab';
import { PlaylistsTab, type PlaylistCard } from './support/pages/playlists-tab';
import { sandbox } from './support/stack';

// Set Alarm from a playlist card: the Create Alarm dialog writes the alarm into the player's
// configuration at the provider, and the Alarm Management tab lists it.

test.beforeEach(async () => {
  await sandbox.reset();
});

/** The browser's clock, as the dialog reads it: 'HH:MM' and today's short day label. */
const browserNow = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return { time: `${pad(now.getHours())}:${pad(now.getMinutes())}`, day: now.getDay() };
  });

/** Presses or releases day buttons until exactly `days` are on. */
async function chooseDays(dialog: CreateAlarmDialog, days: readonly DayLabel[]): Promise<void> {
  await dialog.chooseDays(days);
  for (const label of DAY_LABELS) {
    await expect(dialog.day(label)).toHaveAttribute('aria-pressed', String(days.includes(label)));
  }
}

/** Signs in with only the Bedroom Player online and plays the first card on it (MQTT connected). */
async function connectedToBedroomPlayer(app: AppPage): Promise<{ card: PlaylistCard; title: string }> {
  await sandbox.setOnline('demo-player-2', false);
  await app.signIn();
  const playlists = new PlaylistsTab(app.page);
  const card = playlists.firstCard();
  const title = await card.title();
  await expect(card.button('Connect Device')).toBeDisabled();
  await card.button('Play this playlist').click();
  await app.expectSnackbar(`Playing: ${title}`);
  await expect(playlists.text('MQTT Connected')).toBeVisible();
  // Play opens the now-playing modal; the parent closes it to reach the card again.
  const nowPlaying = playlists.nowPlaying('Bedroom Player');
  await nowPlaying.close();
  await expect(nowPlaying.root).toHaveCount(0);
  return { card, title };
}

test('Set Alarm writes the alarm to the player config and the alarm tab lists it', async ({ page }) => {
  const app = new AppPage(page);
  const { card, title } = await connectedToBedroomPlayer(app);
  const cardId = await sandbox.cardIdOf(title);
  const before = await sandbox.deviceAlarms('demo-player-1');

  const clockBefore = await browserNow(page);
  await card.button('Set Alarm').click();
  const dialog = new CreateAlarmDialog(page);
  await expect(dialog.root).toBeVisible();
  const clockAfter = await browserNow(page);

  // The dialog's prefill: the first online player, the current time, today's weekday, volume 70.
  await expect(dialog.device()).toHaveText('Bedroom Player');
  expect([clockBefore.time, clockAfter.time]).toContain(await dialog.time().inputValue());
  const today = DAY_LABELS[clockAfter.day]!;
  await expect(dialog.day(today)).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.volume()).toHaveValue('70');

  await dialog.time().fill('06:30');
  await chooseDays(dialog, []);
  await expect(dialog.createButton()).toBeDisabled();
  await chooseDays(dialog, ['Mon', 'Wed', 'Fri']);
  await dialog.createButton().click();

  await app.expectSnackbar(
    `✅ Alarm created! "${title}" will play on "Bedroom Player" at 06:30 on Mon, Wed, Fri.`,
  );
  await expect(dialog.root).toHaveCount(0);
  // Monday-first mask, HHMM, the card, chapter and track empty as real players store them (none was
  // chosen), volume 70% → level 6 of 8, enabled; the seeded alarms kept exactly as they were.
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual([...before, `1010100,0630,${cardId},,,6,1`]);
  expect(before).toHaveLength(2);

  await app.tab('Alarm Management').click();
  const alarms = new AlarmsTab(page);
  await alarms.choosePlayer('Bedroom Player');
  await expect(alarms.deviceAlarm(`06:30 · ${title}`)).toBeVisible();
});

test('a failed write says why, keeps the dialog and its choices, and a retry succeeds', async ({ page }) => {
  const app = new AppPage(page);
  const { card, title } = await connectedToBedroomPlayer(app);
  const before = await sandbox.deviceAlarms('demo-player-1');

  await card.button('Set Alarm').click();
  const dialog = new CreateAlarmDialog(page);
  await dialog.time().fill('19:15');
  await chooseDays(dialog, ['Sat', 'Sun']);

  await sandbox.faults({ restDown: true, faultPaths: ['/device-v2/demo-player-1/config'] });
  await dialog.createButton().click();
  // By role while the dialog is open: the notice must not be hidden from assistive technology.
  await app.expectSnackbar('GET /device-v2/demo-player-1/config failed with HTTP 503');
  await expect(dialog.root).toBeVisible();
  await expect(dialog.time()).toHaveValue('19:15');
  await sandbox.faults({ restDown: false });
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual(before);

  await dialog.createButton().click();
  await app.expectSnackbar(
    `✅ Alarm created! "${title}" will play on "Bedroom Player" at 19:15 on Sat, Sun.`,
  );
  const cardId = await sandbox.cardIdOf(title);
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual([...before, `0000011,1915,${cardId},,,6,1`]);
});
