import { expect, test, type Locator, type Page } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';

// Set Alarm from a playlist card: the Create Alarm dialog writes the alarm into the player's
// configuration at the provider, and the Alarm Management tab lists it.

const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

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
async function chooseDays(dialog: Locator, days: readonly string[]): Promise<void> {
  for (const label of DAY_LABELS) {
    const button = dialog.getByRole('button', { name: label, exact: true });
    const pressed = (await button.getAttribute('aria-pressed')) === 'true';
    if (pressed !== days.includes(label)) await button.click();
  }
  for (const label of DAY_LABELS) {
    await expect(dialog.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      String(days.includes(label)),
    );
  }
}

/** Signs in with only the Bedroom Player online and plays the first card on it (MQTT connected). */
async function connectedToBedroomPlayer(app: AppPage): Promise<{ card: Locator; title: string }> {
  await sandbox.setOnline('demo-player-2', false);
  await app.signIn();
  const card = app.playlistCards().first();
  const title = (await card.getByTestId('playlist-title').textContent()) ?? '';
  await expect(card.getByRole('button', { name: 'Connect Device' })).toBeDisabled();
  await card.getByRole('button', { name: 'Play this playlist' }).click();
  await app.expectSnackbar(`Playing: ${title}`);
  await expect(app.page.getByText('MQTT Connected')).toBeVisible();
  // Play opens the now-playing modal; the parent closes it to reach the card again.
  const nowPlaying = app.page.getByRole('dialog', { name: 'Now Playing on Bedroom Player' });
  await nowPlaying.getByRole('button', { name: 'Close' }).click();
  await expect(nowPlaying).toHaveCount(0);
  return { card, title };
}

test('Set Alarm writes the alarm to the player config and the alarm tab lists it', async ({ page }) => {
  const app = new AppPage(page);
  const { card, title } = await connectedToBedroomPlayer(app);
  const cardId = await sandbox.cardIdOf(title);
  const before = await sandbox.deviceAlarms('demo-player-1');

  const clockBefore = await browserNow(page);
  await card.getByRole('button', { name: 'Set Alarm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Alarm' });
  await expect(dialog).toBeVisible();
  const clockAfter = await browserNow(page);

  // The dialog's prefill: the first online player, the current time, today's weekday, volume 70.
  await expect(dialog.getByRole('combobox', { name: 'Device' })).toHaveText('Bedroom Player');
  expect([clockBefore.time, clockAfter.time]).toContain(
    await dialog.getByLabel('Time', { exact: true }).inputValue(),
  );
  const today = DAY_LABELS[clockAfter.day]!;
  await expect(dialog.getByRole('button', { name: today, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByRole('slider')).toHaveValue('70');

  await dialog.getByLabel('Time', { exact: true }).fill('06:30');
  await chooseDays(dialog, []);
  await expect(dialog.getByRole('button', { name: 'Create Alarm' })).toBeDisabled();
  await chooseDays(dialog, ['Mon', 'Wed', 'Fri']);
  await dialog.getByRole('button', { name: 'Create Alarm' }).click();

  await app.expectSnackbar(
    `✅ Alarm created! "${title}" will play on "Bedroom Player" at 06:30 on Mon, Wed, Fri.`,
  );
  await expect(dialog).toHaveCount(0);
  // Monday-first mask, HHMM, the card, chapter and track empty as real players store them (none was
  // chosen), volume 70% → level 6 of 8, enabled; the seeded alarms kept exactly as they were.
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual([...before, `1010100,0630,${cardId},,,6,1`]);
  expect(before).toHaveLength(2);

  await app.tab('Alarm Management').click();
  await page.getByRole('button', { name: 'Bedroom Player' }).click();
  await expect(page.getByRole('list', { name: 'Device alarms' }).getByText(`06:30 · ${title}`)).toBeVisible();
});

test('a failed write says why, keeps the dialog and its choices, and a retry succeeds', async ({ page }) => {
  const app = new AppPage(page);
  const { card, title } = await connectedToBedroomPlayer(app);
  const before = await sandbox.deviceAlarms('demo-player-1');

  await card.getByRole('button', { name: 'Set Alarm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Alarm' });
  await dialog.getByLabel('Time', { exact: true }).fill('19:15');
  await chooseDays(dialog, ['Sat', 'Sun']);

  await sandbox.faults({ restDown: true, faultPaths: ['/device-v2/demo-player-1/config'] });
  await dialog.getByRole('button', { name: 'Create Alarm' }).click();
  // By role while the dialog is open: the notice must not be hidden from assistive technology.
  await app.expectSnackbar('GET /device-v2/demo-player-1/config failed with HTTP 503');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveValue('19:15');
  await sandbox.faults({ restDown: false });
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual(before);

  await dialog.getByRole('button', { name: 'Create Alarm' }).click();
  await app.expectSnackbar(
    `✅ Alarm created! "${title}" will play on "Bedroom Player" at 19:15 on Sat, Sun.`,
  );
  const cardId = await sandbox.cardIdOf(title);
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual([...before, `0000011,1915,${cardId},,,6,1`]);
});
