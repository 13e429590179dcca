import { expect, test, type Locator } from './support/test';
import { AppPage } from './support/app-page';
import { cloud } from './support/cloud';
import { sandbox } from './support/stack';

// The Alarm Management tab end to end: a device alarm created from a card is listed, switched off
// and deleted in the player's config at the provider (the rest of the config untouched); it goes to
// the backend's cloud as a wakeup alarm, comes back by import, and the cloud copy is deleted.

const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const PLAYER = 'demo-player-1';
const withoutAlarms = ({ alarms: _alarms, ...rest }: Record<string, unknown>) => rest;

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

async function chooseDays(dialog: Locator, days: readonly string[]): Promise<void> {
  for (const label of DAY_LABELS) {
    const button = dialog.getByRole('button', { name: label, exact: true });
    const pressed = (await button.getAttribute('aria-pressed')) === 'true';
    if (pressed !== days.includes(label)) await button.click();
  }
}

test('a device alarm: created, listed, switched off, uploaded, deleted, imported back; the cloud copy deleted', async ({
  page,
}) => {
  const app = new AppPage(page);
  await sandbox.setOnline('demo-player-2', false);
  await app.signIn();
  const card = app.playlistCards().first();
  const title = (await card.getByTestId('playlist-title').textContent()) ?? '';
  const cardId = await sandbox.cardIdOf(title);
  await card.getByRole('button', { name: 'Play this playlist' }).click();
  await page
    .getByRole('dialog', { name: 'Now Playing on Bedroom Player' })
    .getByRole('button', { name: 'Close' })
    .click();
  const seeded = await sandbox.deviceAlarms(PLAYER);
  const configBefore = withoutAlarms(await sandbox.deviceConfig(PLAYER));

  // Create from the card, as a wakeup alarm on weekdays at 05:50.
  await card.getByRole('button', { name: 'Set Alarm' }).click();
  const create = page.getByRole('dialog', { name: 'Create Alarm' });
  await create.getByLabel('Time', { exact: true }).fill('05:50');
  await chooseDays(create, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  await create.getByRole('radio', { name: 'Wakeup' }).check();
  await create.getByRole('button', { name: 'Create Alarm' }).click();
  await app.expectSnackbar(
    `✅ Alarm created! "${title}" will play on "Bedroom Player" at 05:50 on weekdays.`,
  );
  const created = `1111100,0550,${cardId},,,6,1`;
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual([...seeded, created]);

  // Listed in the tab; switched off: only its enabled flag changes, the rest of the config stays.
  await app.tab('Alarm Management').click();
  await expect(page.getByLabel('Cloud Connected')).toBeVisible();
  await expect(page.getByText('Cloud sync: 1 wakeup + 1 bedtime alarm supported')).toBeVisible();
  await page.getByRole('button', { name: 'Bedroom Player' }).click();
  const deviceList = page.getByRole('list', { name: 'Device alarms' });
  await expect(deviceList.getByText(`05:50 · ${title}`)).toBeVisible();
  await deviceList.getByRole('switch', { name: 'Alarm at 05:50 on' }).click();
  await expect.poll(() => sandbox.deviceAlarms(PLAYER)).toEqual([...seeded, `1111100,0550,${cardId},,,6,0`]);
  await expect(deviceList.getByRole('switch', { name: 'Alarm at 05:50 on' })).not.toBeChecked();
  expect(withoutAlarms(await sandbox.deviceConfig(PLAYER))).toEqual(configBefore);

  // Upload it: the type starts as the one chosen in the Create dialog.
  await page.getByRole('button', { name: 'Upload Local Alarms' }).click();
  const select = page.getByRole('dialog', { name: 'Select Alarms to Upload' });
  await expect(select.getByRole('button', { name: 'Next' })).toBeDisabled();
  await select.getByRole('button', { name: new RegExp(`05:50 · ${title} Bedroom Player`) }).click();
  await select.getByRole('button', { name: 'Next' }).click();
  const chooseType = page.getByRole('dialog', { name: 'Choose Alarm Type' });
  await expect(chooseType.getByRole('radio', { name: 'Wakeup' })).toBeChecked();
  await chooseType.getByRole('button', { name: 'Upload' }).click();
  await app.expectSnackbar('Wakeup alarm saved to the cloud');
  const cloudList = page.getByRole('list', { name: 'Cloud alarms' });
  await expect(cloudList.getByText(`05:50 · ${title}`)).toBeVisible();
  await expect(cloudList.getByText(/weekdays · volume 70% · Bedroom Player/)).toBeVisible();
  expect(await cloud.alarms()).toEqual([
    expect.objectContaining({
      alarm_type: 'wakeup',
      alarm_name: title,
      days: '1111100',
      hour: 5,
      minute: 50,
      volume: 7,
      is_enabled: false,
      playlist_id: cardId,
      yoto_device_id: PLAYER,
    }),
  ]);

  // Delete it from the player, after the confirmation.
  await deviceList.getByRole('button', { name: 'Delete alarm at 05:50' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this alarm?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await app.expectSnackbar('✅ Alarm deleted successfully!');
  await expect(deviceList.getByText(`05:50 · ${title}`)).toHaveCount(0);
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual(seeded);
  expect(withoutAlarms(await sandbox.deviceConfig(PLAYER))).toEqual(configBefore);

  // Import it back from the cloud: written to the player's config, listed again.
  await page.getByRole('button', { name: 'Import from Cloud' }).click();
  await app.expectSnackbar('Successfully imported 1 alarms from cloud storage');
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual([...seeded, `1111100,0550,${cardId},,,6,0`]);
  await expect(deviceList.getByText(`05:50 · ${title}`)).toBeVisible();

  // Delete the cloud copy with its confirmation.
  await cloudList.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this cloud alarm?' });
  await expect(confirm.getByText(`"${title}" will be deleted from the cloud.`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No alarms in the cloud yet.')).toBeVisible();
  expect(await cloud.alarms()).toEqual([]);
});

test('a cloud alarm for a player that will have switched itself off: the upload warns, and "Save on the player instead" keeps it on the player, switched on', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.signIn();
  // The seeded weekend alarm at 08:30, switched off. The Bedroom Player runs on battery and switches
  // itself off after an hour without use (its config's shutdownTimeout): hours before 08:30, as the
  // browser's clock reads about noon.
  const seeded = await sandbox.deviceAlarms(PLAYER);
  const weekend = seeded.find((alarm) => alarm.startsWith('0000011,0830,'));
  expect(weekend).toMatch(/,0$/);
  await app.tab('Alarm Management').click();
  await page.getByRole('button', { name: 'Upload Local Alarms' }).click();
  const select = page.getByRole('dialog', { name: 'Select Alarms to Upload' });
  await select.getByRole('button', { name: /^08:30 · .* Bedroom Player/ }).click();
  await select.getByRole('button', { name: 'Next' }).click();
  const chooseType = page.getByRole('dialog', { name: 'Choose Alarm Type' });
  await expect(
    chooseType.getByText(
      "Bedroom Player is on battery and switches itself off after 1 hour without use, so it will be off at 08:30. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.",
    ),
  ).toBeVisible();
  await chooseType.getByRole('button', { name: 'Save on the player instead' }).click();
  await app.expectSnackbar('Saved on Bedroom Player: the player rings the 08:30 alarm itself');
  await expect(chooseType).toBeHidden();

  // A device alarm the player rings itself: the same string switched on, the others as they were.
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual(
    seeded.map((alarm) => (alarm === weekend ? alarm.replace(/,0$/, ',1') : alarm)),
  );
  expect(await cloud.alarms()).toEqual([]);
  await page.getByRole('button', { name: 'Bedroom Player' }).click();
  await expect(
    page.getByRole('list', { name: 'Device alarms' }).getByRole('switch', { name: 'Alarm at 08:30 on' }),
  ).toBeChecked();
});
