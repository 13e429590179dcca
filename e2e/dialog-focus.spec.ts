import { expect, test, type Locator, type Page } from './support/test';
import { AppPage, dialog } from './support/app-page';
import { expectNoSeriousViolations } from './support/axe';
import { cloud } from './support/cloud';
import { expectFocusOn, expectVisibleFocus, focusedElement, pressUntilFocused } from './support/keyboard';
import { AlarmsTab } from './support/pages/alarms-tab';
import { PlayerCard } from './support/pages/devices-tab';
import { PlaylistCard, PlaylistsTab } from './support/pages/playlists-tab';
import { sandbox } from './support/stack';

// Every dialog of the app by keyboard alone, as a parent who does not use a mouse: reach the
// control that opens it (Tab, Shift+Tab, arrows in a tab strip or radio group), see that it shows
// focus, open it with Enter, find focus inside, close it with Escape and with its own Cancel or
// Close, and find focus back on that very control, showing again. axe scans each dialog while it
// is open. (The guided tour: tour.spec.ts.)

test.beforeEach(async () => {
  await sandbox.reset();
});

/** Escape, or Tab to the dialog's own button of that name and Enter. */
type Close = 'Escape' | { button: string };

async function expectFocusInside(opened: Locator): Promise<void> {
  await expect(opened).toBeVisible();
  await expect
    .poll(() => opened.evaluate((root) => root.contains(document.activeElement)), {
      message: `focus inside ${opened.toString()}`,
    })
    .toBe(true);
}

/**
 * From the focused opener: Enter opens `opened`, focus goes into it; `close` shuts it; focus is
 * back on the opener (the same element), visibly.
 */
async function openAndClose(page: Page, opened: Locator, close: Close, what: string): Promise<void> {
  await expectVisibleFocus(page, what);
  const opener = await focusedElement(page);
  await page.keyboard.press('Enter');
  await expectFocusInside(opened);
  await expectNoSeriousViolations(page, `the dialog ${what} opened`);
  if (close === 'Escape') {
    await page.keyboard.press('Escape');
  } else {
    await pressUntilFocused(page, opened.getByRole('button', { name: close.button, exact: true }), 'Tab', 20);
    await expectVisibleFocus(page, `${close.button} in the dialog ${what} opened`);
    await page.keyboard.press('Enter');
  }
  await expect(opened).toHaveCount(0);
  await expectFocusOn(page, opener, what);
  await expectVisibleFocus(page, `${what}, focus returned`);
}

test('the playlist cards: device picker, now playing, Create Alarm', async ({ page }) => {
  // Tab by Tab across cards that each have five buttons now (pin and chapter too): past a minute
  // on a busy machine.
  test.setTimeout(150_000);
  const app = new AppPage(page);
  await app.signIn();
  const playlists = new PlaylistsTab(page);
  const first = playlists.firstCard();
  const play = first.button('Play this playlist');
  await expect(play).toBeVisible();

  // No player connected and three online: Play asks which.
  await pressUntilFocused(page, play);
  const picker = dialog(page, 'Select Device for Playback');
  await openAndClose(page, picker, 'Escape', "the first card's Play");
  await openAndClose(page, picker, { button: 'Cancel' }, "the first card's Play");

  // Chosen: the player connects and plays, and the now-playing modal opens on it. Its Play is
  // its Pause now: the same button, so focus comes back to it.
  const nowPlaying = dialog(page, 'Now Playing on Bedroom Player');
  await expect(play).toBeFocused(); // where Cancel left it
  const opener = await focusedElement(page);
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, playlists.pickerButton(/Bedroom Player/), 'Tab', 5);
  await page.keyboard.press('Enter');
  await expectFocusInside(nowPlaying);
  await page.keyboard.press('Escape');
  await expect(nowPlaying).toHaveCount(0);
  await expectFocusOn(page, opener, "the first card's Play (its Pause now)");
  await expect(first.button('Pause playback')).toBeFocused();
  await expectVisibleFocus(page, "the first card's Pause");

  // The Now Playing button above the cards opens it again.
  const nowPlayingButton = playlists.nowPlayingButton();
  await pressUntilFocused(page, nowPlayingButton, 'Shift+Tab');
  await openAndClose(page, nowPlaying, 'Escape', 'the Now Playing button');
  await openAndClose(page, nowPlaying, { button: 'Close' }, 'the Now Playing button');

  // A player is connected now: Set Alarm opens the Create Alarm dialog.
  const setAlarm = first.button('Set Alarm');
  await pressUntilFocused(page, setAlarm);
  const create = dialog(page, 'Create Alarm');
  await openAndClose(page, create, 'Escape', "the first card's Set Alarm");
  await openAndClose(page, create, { button: 'Cancel' }, "the first card's Set Alarm");

  // With a player connected, another card's Play plays at once and opens the modal.
  const secondPlay = new PlaylistCard(playlists.cards().nth(1)).button('Play this playlist');
  await pressUntilFocused(page, secondPlay);
  await openAndClose(page, nowPlaying, { button: 'Close' }, "the second card's Play");
});

test('Alarm Management: upload (both steps), the device and cloud delete confirmations', async ({ page }) => {
  // Dozens of key presses, each checked: about a minute on a busy two-core machine, more than the
  // suite's default 60 s allows since the tab grew its Notifications section.
  test.setTimeout(120_000);
  // Two cloud alarms, there before the app first asks for them.
  await cloud.clear();
  const cardId = (await sandbox.demoCards())[0]!.cardId;
  for (const [alarm_type, alarm_name, hour] of [
    ['wakeup', 'School days', 7],
    ['bedtime', 'Lights out', 19],
  ] as const) {
    await cloud.create({
      yoto_device_id: 'demo-player-1',
      alarm_type,
      alarm_name,
      playlist_id: cardId,
      hour,
      minute: 0,
      days: '1111100',
    });
  }
  const app = new AppPage(page);
  await app.signIn();

  // To the tab: Tab into the tab strip, arrows along it, Enter.
  await pressUntilFocused(page, app.tab('Your Playlists (42)'));
  await pressUntilFocused(page, app.tab('Alarm Management'), 'ArrowRight', 5);
  await page.keyboard.press('Enter');
  const alarms = new AlarmsTab(page);
  await expect(alarms.cloudAlarm('Lights out')).toBeVisible();

  // The cloud deletes, each behind a confirmation.
  await pressUntilFocused(page, alarms.cloudDeleteButton('School days'));
  const deleteOne = dialog(page, 'Delete this cloud alarm?');
  await openAndClose(page, deleteOne, 'Escape', 'Delete School days');
  await openAndClose(page, deleteOne, { button: 'Cancel' }, 'Delete School days');
  for (const [button, title, close] of [
    ['Delete Wakeup', 'Delete the wakeup alarm?', 'Escape'],
    ['Delete Bedtime', 'Delete the bedtime alarm?', { button: 'Cancel' }],
    ['Delete All', 'Delete all cloud alarms?', 'Escape'],
  ] as const) {
    await pressUntilFocused(page, alarms.button(button));
    await openAndClose(page, dialog(page, title), close, button);
  }
  expect(await cloud.alarms()).toHaveLength(2);

  // Upload: Escape and Cancel on its first step.
  const upload = alarms.uploadButton();
  await pressUntilFocused(page, upload, 'Shift+Tab');
  const select = dialog(page, 'Select Alarms to Upload');
  await openAndClose(page, select, 'Escape', 'Upload Local Alarms');
  await openAndClose(page, select, { button: 'Cancel' }, 'Upload Local Alarms');

  // Its second step is a dialog of its own: focus goes into it and back, and Escape there also
  // returns to Upload Local Alarms.
  const uploadButton = await focusedElement(page);
  await page.keyboard.press('Enter');
  await pressUntilFocused(
    page,
    alarms.dialogButton('Select Alarms to Upload', /Bedroom Player/).first(),
    'Tab',
    5,
  );
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, alarms.dialogButton('Select Alarms to Upload', 'Next'), 'Tab', 10);
  await page.keyboard.press('Enter');
  const chooseType = dialog(page, 'Choose Alarm Type');
  await expectFocusInside(chooseType);
  await pressUntilFocused(page, alarms.dialogButton('Choose Alarm Type', 'Back'), 'Tab', 5);
  await page.keyboard.press('Enter');
  await expectFocusInside(select);
  await pressUntilFocused(page, alarms.dialogButton('Select Alarms to Upload', 'Next'), 'Tab', 10);
  await page.keyboard.press('Enter');
  await expectFocusInside(chooseType);
  await page.keyboard.press('Escape');
  await expect(alarms.dialogs()).toHaveCount(0);
  await expectFocusOn(page, uploadButton, 'Upload Local Alarms, after the second step');
  await expectVisibleFocus(page, 'Upload Local Alarms, focus returned');

  // A player's alarm list, and the confirmation before a delete.
  await pressUntilFocused(page, alarms.playerButton('Bedroom Player'));
  await page.keyboard.press('Enter');
  const deleteAlarm = alarms.deviceDeleteButtons().first();
  await expect(deleteAlarm).toBeVisible();
  await pressUntilFocused(page, deleteAlarm);
  const confirm = dialog(page, 'Delete this alarm?');
  await openAndClose(page, confirm, 'Escape', 'Delete alarm');
  await openAndClose(page, confirm, { button: 'Cancel' }, 'Delete alarm');
  expect(await sandbox.deviceAlarms('demo-player-1')).not.toHaveLength(0);
});

test('Device Management: the speaker-mode question', async ({ page }) => {
  const app = new AppPage(page);
  await app.signIn();
  const card = new PlayerCard(await app.connectPlayer());
  // From the Disconnect MQTT button, by keyboard: Advanced Controls, Speaker, Bluetooth On.
  await pressUntilFocused(page, card.button('Advanced Controls'));
  await page.keyboard.press('Enter');
  const bt = card.bluetooth();
  await expect(bt.root).toBeVisible(); // the controls load when first opened
  await pressUntilFocused(page, bt.modes().first());
  await pressUntilFocused(page, bt.mode('Speaker'), 'ArrowRight', 4);
  await expect(bt.mode('Speaker')).toBeChecked();
  await pressUntilFocused(page, bt.button('Bluetooth On'));
  const bluetoothBefore = (await sandbox.playerState('demo-player-1')).bluetooth;
  const question = dialog(page, 'Turn on speaker mode?');
  await openAndClose(page, question, 'Escape', 'Bluetooth On');
  await openAndClose(page, question, { button: 'Cancel' }, 'Bluetooth On');
  expect((await sandbox.playerState('demo-player-1')).bluetooth).toEqual(bluetoothBefore);
});
