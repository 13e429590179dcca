import { expect, test } from './support/test';
import { AppPage, dialog } from './support/app-page';
import { expectNoSeriousViolations } from './support/axe';
import { sandbox } from './support/stack';
import { PlayerCard } from './support/pages/devices-tab';
import { HelpTab } from './support/pages/help-tab';

// Every view a parent meets, scanned by axe-core: logged out, offline, each tab, each dialog, in
// the light scheme and the dark one. No serious or critical WCAG 2.1 A/AA violation anywhere. (Each
// dialog opened by keyboard is scanned again in dialog-focus.spec.ts.)

test.beforeEach(async () => {
  await sandbox.reset();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(colorScheme, () => {
    test.use({ colorScheme });

    test('logged out, and offline', async ({ page, context }) => {
      const app = new AppPage(page);
      await app.open();
      await expect(app.connectButton()).toBeVisible();
      await expectNoSeriousViolations(page, 'the logged-out view');

      await context.setOffline(true);
      await expect(page.getByText(/You are offline/)).toBeVisible();
      await expectNoSeriousViolations(page, 'the offline notice');
      await context.setOffline(false);
    });

    test('every tab, with a player connected and its panels open', async ({ page }) => {
      const app = new AppPage(page);
      await app.signIn();
      await expect(app.playlistCards().first()).toBeVisible();
      await expectNoSeriousViolations(page, 'the playlists tab');

      await page.getByRole('button', { name: /list view/i }).click();
      await expectNoSeriousViolations(page, 'the playlists tab as a list');

      await app.tab('Alarm Management').click();
      await expect(page.getByText('Cloud sync: 1 wakeup + 1 bedtime alarm supported')).toBeVisible();
      await app.deviceAlarms();
      await expectNoSeriousViolations(page, 'the alarms tab');

      const bedroom = new PlayerCard(await app.connectPlayer());
      await bedroom.button('Device Status', true).click();
      await expect(bedroom.region('Power & Battery')).toBeVisible();
      await bedroom.openAdvanced();
      await bedroom.openDayNight('Bedroom Player');
      await expectNoSeriousViolations(page, 'the devices tab');

      await new HelpTab(page).open();
      await expectNoSeriousViolations(page, 'the help tab');

      await new HelpTab(page).tourButton().click();
      await expect(new HelpTab(page).stepCounted('1/4')).toBeVisible();
      await expectNoSeriousViolations(page, 'the guided tour');
    });

    test('the dialogs: device picker, now playing, create alarm, upload, type and delete', async ({
      page,
    }) => {
      const app = new AppPage(page);
      await app.signIn();
      const card = app.playlistCards().first();
      await card.getByRole('button', { name: 'Play this playlist' }).click();
      await expect(dialog(page, 'Select Device for Playback')).toBeVisible();
      await expectNoSeriousViolations(page, 'the device picker');

      await dialog(page, 'Select Device for Playback').getByText('Bedroom Player').click();
      const nowPlaying = dialog(page, 'Now Playing on Bedroom Player');
      await expect(nowPlaying).toBeVisible();
      // The snackbar "Playing: …" comes with the player's answer, maybe after the dialog: scanned while
      // it fades in, its half-transparent text would fail the contrast check (seen on a loaded machine).
      await expect(page.getByText(/^Playing: /)).toBeVisible();
      await expectNoSeriousViolations(page, 'the now-playing dialog');
      await nowPlaying.getByRole('button', { name: 'Close' }).click();

      await card.getByRole('button', { name: 'Set Alarm' }).click();
      await expect(dialog(page, 'Create Alarm')).toBeVisible();
      await expectNoSeriousViolations(page, 'the Create Alarm dialog');
      await app.closeWithEscape(dialog(page, 'Create Alarm'));

      await app.tab('Alarm Management').click();
      const deviceList = await app.deviceAlarms();
      await page.getByRole('button', { name: 'Upload Local Alarms' }).click();
      const select = dialog(page, 'Select Alarms to Upload');
      await expect(select).toBeVisible();
      await expectNoSeriousViolations(page, 'the Select Alarms to Upload dialog');
      await select
        .getByRole('button', { name: /Bedroom Player/ })
        .first()
        .click();
      await select.getByRole('button', { name: 'Next' }).click();
      await expect(dialog(page, 'Choose Alarm Type')).toBeVisible();
      await expectNoSeriousViolations(page, 'the Choose Alarm Type dialog');
      await app.closeWithEscape(dialog(page, 'Choose Alarm Type'));

      await deviceList
        .getByRole('button', { name: /^Delete alarm at/ })
        .first()
        .click();
      await expect(dialog(page, 'Delete this alarm?')).toBeVisible();
      await expectNoSeriousViolations(page, 'the delete confirmation');
    });
  });
}
