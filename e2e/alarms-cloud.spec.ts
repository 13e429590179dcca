import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { cloud } from './support/cloud';
import { AlarmsTab, CreateAlarmDialog } from './support/pages/alarms-tab';
import { PlaylistsTab } from './support/pages/playlists-tab';
import { sandbox } from './support/stack';

// The Alarm Management tab end to end: a device alarm created from a card is listed, switched off
// and deleted in the player's config at the provider (the rest of the config untouched); it goes to
// the backend's cloud as a wakeup alarm, comes back by import, and the cloud copy is deleted.

const PLAYER = 'demo-player-1';
const withoutAlarms = ({ alarms: _alarms, ...rest }: Record<string, unknown>) => rest;

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('a device alarm: created, listed, switched off, uploaded, deleted, imported back; the cloud copy deleted', async ({
  page,
}) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  await sandbox.setOnline('demo-player-2', false);
  await app.signIn();
  const playlists = new PlaylistsTab(page);
  const card = playlists.firstCard();
  const title = await card.title();
  const cardId = await sandbox.cardIdOf(title);
  await card.button('Play this playlist').click();
  await playlists.nowPlaying('Bedroom Player').close();
  const seeded = await sandbox.deviceAlarms(PLAYER);
  const configBefore = withoutAlarms(await sandbox.deviceConfig(PLAYER));

  // Create from the card, as a wakeup alarm on weekdays at 05:50.
  await card.button('Set Alarm').click();
  const create = new CreateAlarmDialog(page);
  await create.time().fill('05:50');
  await create.chooseDays(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  await create.type('Wakeup').check();
  await create.createButton().click();
  await app.expectSnackbar(
    `✅ Alarm created! "${title}" will play on "Bedroom Player" at 05:50 on weekdays.`,
  );
  const created = `1111100,0550,${cardId},,,6,1`;
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual([...seeded, created]);

  // Listed in the tab; switched off: only its enabled flag changes, the rest of the config stays.
  await app.tab('Alarm Management').click();
  await expect(alarms.cloudConnected()).toBeVisible();
  await expect(alarms.text('Cloud sync: 1 wakeup + 1 bedtime alarm supported')).toBeVisible();
  await alarms.choosePlayer('Bedroom Player');
  await expect(alarms.deviceAlarm(`05:50 · ${title}`)).toBeVisible();
  await alarms.deviceAlarmSwitch('05:50').click();
  await expect.poll(() => sandbox.deviceAlarms(PLAYER)).toEqual([...seeded, `1111100,0550,${cardId},,,6,0`]);
  await expect(alarms.deviceAlarmSwitch('05:50')).not.toBeChecked();
  expect(withoutAlarms(await sandbox.deviceConfig(PLAYER))).toEqual(configBefore);

  // Upload it: the type starts as the one chosen in the Create dialog.
  await alarms.uploadLocalAlarms();
  const select = 'Select Alarms to Upload';
  await expect(alarms.dialogButton(select, 'Next')).toBeDisabled();
  await alarms.dialogButton(select, new RegExp(`05:50 · ${title} Bedroom Player`)).click();
  await alarms.dialogButton(select, 'Next').click();
  await expect(alarms.uploadType('Wakeup')).toBeChecked();
  await alarms.dialogButton('Choose Alarm Type', 'Upload').click();
  await app.expectSnackbar('Wakeup alarm saved to the cloud');
  await expect(alarms.cloudAlarm(`05:50 · ${title}`)).toBeVisible();
  await expect(alarms.cloudAlarm(/weekdays · volume 70% · Bedroom Player/)).toBeVisible();
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
  await alarms.deleteDeviceAlarm('05:50');
  await alarms.dialogButton('Delete this alarm?', 'Delete').click();
  await app.expectSnackbar('✅ Alarm deleted successfully!');
  await expect(alarms.deviceAlarm(`05:50 · ${title}`)).toHaveCount(0);
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual(seeded);
  expect(withoutAlarms(await sandbox.deviceConfig(PLAYER))).toEqual(configBefore);

  // Import it back from the cloud: written to the player's config, listed again.
  await alarms.importFromCloud();
  await app.expectSnackbar('Successfully imported 1 alarms from cloud storage');
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual([...seeded, `1111100,0550,${cardId},,,6,0`]);
  await expect(alarms.deviceAlarm(`05:50 · ${title}`)).toBeVisible();

  // Delete the cloud copy with its confirmation.
  await alarms.deleteCloudAlarm(title);
  const confirm = 'Delete this cloud alarm?';
  await expect(alarms.dialogText(confirm, `"${title}" will be deleted from the cloud.`)).toBeVisible();
  await alarms.dialogButton(confirm, 'Delete').click();
  await expect(alarms.text('No alarms in the cloud yet.')).toBeVisible();
  expect(await cloud.alarms()).toEqual([]);
});

test('a cloud alarm for a player that will have switched itself off: the upload warns, and "Save on the player instead" keeps it on the player, switched on', async ({
  page,
}) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  await app.signIn();
  // The seeded weekend alarm at 08:30, switched off. The Bedroom Player runs on battery and switches
  // itself off after an hour without use (its config's shutdownTimeout): hours before 08:30, as the
  // browser's clock reads about noon.
  const seeded = await sandbox.deviceAlarms(PLAYER);
  const weekend = seeded.find((alarm) => alarm.startsWith('0000011,0830,'));
  expect(weekend).toMatch(/,0$/);
  await app.tab('Alarm Management').click();
  await alarms.uploadLocalAlarms();
  const select = 'Select Alarms to Upload';
  await alarms.dialogButton(select, /^08:30 · .* Bedroom Player/).click();
  await alarms.dialogButton(select, 'Next').click();
  const chooseType = 'Choose Alarm Type';
  await expect(
    alarms.dialogText(
      chooseType,
      "Bedroom Player is on battery and switches itself off after 1 hour without use, so it will be off at 08:30. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.",
    ),
  ).toBeVisible();
  await alarms.dialogButton(chooseType, 'Save on the player instead').click();
  await app.expectSnackbar('Saved on Bedroom Player: the player rings the 08:30 alarm itself');
  await expect(alarms.dialog(chooseType)).toBeHidden();

  // A device alarm the player rings itself: the same string switched on, the others as they were.
  expect(await sandbox.deviceAlarms(PLAYER)).toEqual(
    seeded.map((alarm) => (alarm === weekend ? alarm.replace(/,0$/, ',1') : alarm)),
  );
  expect(await cloud.alarms()).toEqual([]);
  await alarms.choosePlayer('Bedroom Player');
  await expect(alarms.deviceAlarmSwitch('08:30')).toBeChecked();
});
