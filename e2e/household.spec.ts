import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { cloud } from './support/cloud';
import { AlarmsTab, CloudAlarmDialog } from './support/pages/alarms-tab';
import { sandbox } from './support/stack';

// A shared household: the demo family's second parent (the sandbox's demo-2 account) signs in
// through the sandbox's sign-in page, sees the cloud alarm the first parent set, marked as another
// parent's, and edits it; the first parent then reads the change, and the alarm stays theirs.

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('the second parent signs in, sees the first parent’s cloud alarm and edits it', async ({ page }) => {
  const app = new AppPage(page);
  const alarms = new AlarmsTab(page);
  await cloud.create({
    yoto_device_id: 'demo-player-1',
    device_name: 'Bedroom Player',
    alarm_type: 'wakeup',
    alarm_name: 'School Run',
    playlist_id: 'card-school-run',
    hour: 7,
    minute: 0,
    days: '1111100',
  });
  const [set] = await cloud.alarms();
  const firstParent = set?.yoto_user_id;

  await app.signIn('Second Demo Parent');
  await app.tab('Alarm Management').click();
  await expect(alarms.cloudAlarm('07:00 · School Run')).toBeVisible();
  const row = alarms.cloudAlarms().getByRole('listitem').filter({ hasText: 'School Run' });
  await expect(row.getByTestId('set-by')).toHaveText('Set by another parent');

  await alarms.editCloudAlarm('School Run');
  const edit = new CloudAlarmDialog(page, 'Edit Cloud Alarm');
  await expect(edit.time()).toHaveValue('07:00');
  await edit.time().fill('07:20');
  await edit.button('Save').click();
  await app.expectSnackbar('Cloud alarm saved');
  await expect(alarms.cloudAlarm('07:20 · School Run')).toBeVisible();

  // The first parent reads the change; the alarm is still the one they set.
  expect(await cloud.alarms('demo')).toEqual([
    expect.objectContaining({ id: set?.id, hour: 7, minute: 20, yoto_user_id: firstParent }),
  ]);
  expect(await cloud.alarms('demo-2')).toEqual(await cloud.alarms('demo'));
});
