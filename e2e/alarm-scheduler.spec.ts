import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { cloud, cloudAlarmNextMinute } from './support/cloud';
import { sandbox } from './support/stack';

// The page's alarm scheduler with the page open: it shows the next alarm and its countdown, five
// minutes ahead it connects the player, and at the time it asks the server to fire the cloud alarm
// — racing the server's own timer. The claim makes it ring once either way.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('the page shows the next alarm, prepares the player, and the alarm rings once with its receipt', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.signIn();
  const title = (await app.playlistCards().first().getByTestId('playlist-title').textContent()) ?? '';
  const cardId = await sandbox.cardIdOf(title);
  const due = await cloudAlarmNextMinute(page, cardId, 'Scheduler');
  await page.reload();

  // Under five minutes away: the prepare state, and the player connected without a click.
  const line = page.getByTestId('next-alarm');
  await expect(line).toHaveAttribute('data-phase', 'prepare');
  await expect(line).toContainText(`🔔 Preparing alarm: ${title} on Bedroom Player`);
  await expect(line).toContainText('(cloud alarm)');
  await expect(line).toContainText(/in \d+s|in \dm \d\ds/);
  await expect(page.getByText('MQTT Disconnected')).toHaveCount(0, { timeout: 15_000 });

  const starts = await watchCommand(BEDROOM, 'card/start');
  try {
    await expect
      .poll(async () => (await sandbox.playerState(BEDROOM)).cardId, {
        timeout: due.getTime() - Date.now() + 15_000,
        intervals: [250],
      })
      .toBe(cardId);
    await page.waitForTimeout(3_000);
    expect(starts.received, 'the page and the server raced; the claim rang it once').toHaveLength(1);
  } finally {
    await starts.close();
  }
  // Rescheduled 1 s later: the next alarm is hours away (waiting, not preparing), this one tomorrow
  // or a player's own (the journeys' clock reads noon: support/quiet-zone.ts).
  await expect(line).toHaveAttribute('data-phase', 'waiting', { timeout: 15_000 });
  await expect(line).toContainText(/^⏰ Next alarm: .+, in \d+h \d\dm$/);
  await expect(page.getByText(/Failed to trigger alarm/)).toHaveCount(0);

  await app.tab('Alarm Management').click();
  await expect(page.getByTestId('firing-receipt')).toHaveText(
    /^Played \d\d:\d\d:\d\d\.\d on Bedroom Player$/,
    {
      timeout: 15_000,
    },
  );
});
