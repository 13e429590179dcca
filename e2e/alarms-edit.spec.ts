import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { AlarmsTab } from './support/pages/alarms-tab';
import { sandbox } from './support/stack';

// Edit a player's own alarm in place: the alarm dialog opens with its values, and Save changes that
// alarm's changed fields in the player's configuration at the provider, and nothing else.

test.beforeEach(async () => {
  await sandbox.reset();
});

/** An alarm string's fields; the time is the second, the card the third. */
const fields = (alarm: string) => alarm.split(',');

test('editing the time and card of a player alarm changes those two fields only', async ({ page }) => {
  const app = new AppPage(page);
  // A card of the family library whose content the parent may not read: only its group names it.
  const [familyCard] = await sandbox.familyGroupCards("Grandparents' Shelf");
  if (!familyCard) throw new Error('the demo family library has no hidden card');
  const before = await sandbox.deviceAlarms('demo-player-1');
  expect(before).toHaveLength(2);
  const [target, other] = before as [string, string];
  expect(fields(target)[1]).toBe('0700');

  await app.signIn();
  await app.tab('Alarm Management').click();
  const alarms = new AlarmsTab(page);
  await app.deviceAlarms('Bedroom Player');
  const dialog = await alarms.editDeviceAlarm('07:00');
  await expect(dialog.root).toBeVisible();
  // Prefilled with the alarm's values: 07:00 on weekdays, its own card, from the start.
  await expect(dialog.time()).toHaveValue('07:00');
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const)
    await expect(dialog.day(day)).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.chapter()).toHaveText('From the start');

  await dialog.time().fill('06:40');
  await dialog.chooseCard(familyCard.title);
  await dialog.saveButton().click();
  await app.expectSnackbar('✅ Alarm saved: 06:40 on weekdays.');
  await expect(dialog.root).toHaveCount(0);

  // At the provider: the other alarm byte for byte; the edited one differs in time and card only.
  const after = await sandbox.deviceAlarms('demo-player-1');
  expect(after).toHaveLength(2);
  expect(after[1]).toBe(other);
  const expected = fields(target);
  expected[1] = '0640';
  expected[2] = familyCard.cardId;
  expect(after[0]).toBe(expected.join(','));

  // The list names the family card by its title, with its cover, never by its id.
  await expect(alarms.deviceAlarm(new RegExp(`^06:40.* · ${familyCard.title}$`))).toBeVisible();
  await expect(alarms.deviceAlarmCover(familyCard.title)).toBeVisible();
  await expect(alarms.deviceAlarms()).not.toContainText(familyCard.cardId);
});

test('a family-library card already on a player is named by its title in the list', async ({ page }) => {
  const app = new AppPage(page);
  const [familyCard] = await sandbox.familyGroupCards("Grandparents' Shelf");
  if (!familyCard) throw new Error('the demo family library has no hidden card');
  const [first, second] = (await sandbox.deviceAlarms('demo-player-1')) as [string, string];
  const seeded = [first, `1111111,2015,${familyCard.cardId},,,5,1`, second];
  await sandbox.setDeviceAlarms('demo-player-1', seeded);

  await app.signIn();
  await app.tab('Alarm Management').click();
  const alarms = new AlarmsTab(page);
  await app.deviceAlarms('Bedroom Player');
  await expect(alarms.deviceAlarm(new RegExp(`^20:15.* · ${familyCard.title}$`))).toBeVisible();
  await expect(alarms.deviceAlarms()).not.toContainText(familyCard.cardId);
  // Reading the list wrote nothing.
  expect(await sandbox.deviceAlarms('demo-player-1')).toEqual(seeded);
});
