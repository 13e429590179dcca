import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { expectNoSeriousViolations } from './support/axe';
import { cloud } from './support/cloud';
import { AlarmsTab, CloudAlarmDialog } from './support/pages/alarms-tab';
import { sandbox } from './support/stack';

// The cloud card's everyday controls end to end: a cloud alarm made from scratch with a family
// library card, edited in place, switched off and duplicated, with the server's stored alarms read
// after each step (GET /api/alarms as the demo parent).

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('a cloud alarm from scratch: created with a family card, edited, switched off, duplicated', async ({
  page,
}) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  await app.signIn();

  // Create: a card of the family library (the dialog asks for it), 06:15 Monday to Thursday,
  // bedtime, on the Bedroom Player.
  await app.tab('Alarm Management').click();
  await alarms.newCloudAlarm();
  const create = new CloudAlarmDialog(page, 'New Cloud Alarm');
  await expect(create.button('Create')).toBeDisabled();
  const title = await create.chooseFirstFamilyCard();
  expect(title).not.toBe('');
  await create.time().fill('06:15');
  await create.day('Fri').click();
  await create.type('Bedtime').check();
  // The demo's Bedroom Player runs on battery and switches itself off after an hour without use.
  await expect(
    create.text(/^Bedroom Player is on battery and switches itself off after 1 hour without use/),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'the New Cloud Alarm dialog with its warning');
  await create.button('Create').click();
  await app.expectSnackbar('Cloud alarm created');
  await expect(alarms.cloudAlarm(`06:15 · ${title}`)).toBeVisible();
  await expect(alarms.cloudAlarm(new RegExp(`^${title} · Mon, Tue, Wed, Thu · volume 70%`))).toBeVisible();
  await expectNoSeriousViolations(page, 'a cloud alarm with its switch, edit and duplicate');
  const stored = await cloud.alarms();
  expect(stored).toEqual([
    expect.objectContaining({
      alarm_type: 'bedtime',
      alarm_name: title,
      playlist_name: title,
      days: '1111000',
      hour: 6,
      minute: 15,
      volume: 7,
      is_enabled: true,
      yoto_device_id: 'demo-player-1',
    }),
  ]);
  const cardId = stored[0]?.playlist_id;

  // Edit in place: prefilled, moved to 06:40, the same alarm.
  await alarms.editCloudAlarm(title);
  const edit = new CloudAlarmDialog(page, 'Edit Cloud Alarm');
  await expect(edit.time()).toHaveValue('06:15');
  await expect(edit.playlist()).toHaveText(title);
  await edit.time().fill('06:40');
  await edit.button('Save').click();
  await app.expectSnackbar('Cloud alarm saved');
  await expect(alarms.cloudAlarm(`06:40 · ${title}`)).toBeVisible();
  expect(await cloud.alarms()).toEqual([
    expect.objectContaining({
      id: stored[0]?.id,
      hour: 6,
      minute: 40,
      playlist_id: cardId,
      is_enabled: true,
    }),
  ]);

  // Switch it off.
  await alarms.cloudSwitch(title).click();
  await app.expectSnackbar(`"${title}" switched off`);
  await expect(alarms.cloudSwitch(title)).not.toBeChecked();
  await expect.poll(async () => (await cloud.alarms()).map((a) => a.is_enabled)).toEqual([false]);

  // Duplicate it: a second alarm, the same schedule and card, named as a copy.
  await alarms.duplicateCloudAlarm(title);
  await app.expectSnackbar('Cloud alarm duplicated');
  await expect(alarms.cloudAlarm(`06:40 · ${title} (copy)`)).toBeVisible();
  expect(await cloud.alarms()).toEqual([
    expect.objectContaining({ id: stored[0]?.id, alarm_name: title, is_enabled: false }),
    expect.objectContaining({
      alarm_name: `${title} (copy)`,
      playlist_id: cardId,
      playlist_name: title,
      days: '1111000',
      hour: 6,
      minute: 40,
      is_enabled: false,
    }),
  ]);
});

test('at the cap of 10 cloud alarms, New and Duplicate are refused with the cap’s message', async ({
  page,
}) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  for (let i = 0; i < 10; i += 1) {
    await cloud.create({
      yoto_device_id: 'demo-player-1',
      device_name: 'Bedroom Player',
      alarm_type: 'wakeup',
      alarm_name: `Alarm ${i}`,
      playlist_id: 'no-such-card',
      playlist_name: 'Stored Title',
      hour: 7,
      minute: i,
      days: '1111100',
    });
  }
  await app.signIn();
  await app.tab('Alarm Management').click();
  // A card the provider does not know is named by the title stored with the alarm, never its id.
  await expect(alarms.cloudAlarm(/^Stored Title · /)).toHaveCount(10);
  await expect(alarms.cloudAlarm(/no-such-card/)).toHaveCount(0);
  await alarms.duplicateCloudAlarm('Alarm 3');
  await app.expectSnackbar('An account can hold at most 10 cloud alarms');
  await alarms.newCloudAlarm();
  await expect(alarms.dialogs()).toHaveCount(0);
  expect(await cloud.alarms()).toHaveLength(10);
});
