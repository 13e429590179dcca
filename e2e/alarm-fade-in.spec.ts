import { stepToPercent } from '@playlist-alarms/core/device/volume-limit';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { cloud, cloudAlarmNextMinute } from './support/cloud';
import { sandbox } from './support/stack';

// A gentle morning: a cloud wake-up alarm that fades in starts the card on the quietest step, then
// the server steps the volume up at the player, 30 s apart, towards the alarm's volume. The
// shortest fade the app offers is 5 minutes; the journey watches its first two steps.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('a wake-up alarm that fades in: quiet at card/start, then volume/set steps up at the player', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.signIn();
  const title = (await app.playlistCards().first().getByTestId('playlist-title').textContent()) ?? '';
  const cardId = await sandbox.cardIdOf(title);
  const volumes = await watchCommand(BEDROOM, 'volume/set');
  const starts = await watchCommand(BEDROOM, 'card/start');
  try {
    const due = await cloudAlarmNextMinute(page, cardId, 'Gentle morning', {
      volume: 10,
      fade_in_minutes: 5,
    });
    // The row says so before it rings (reloaded: the alarm was made beside the page).
    await page.reload();
    await app.tab('Alarm Management').click();
    await expect(page.getByText(/faded in over 5 min/).first()).toBeVisible();

    await expect
      .poll(() => volumes.received.length, { timeout: due.getTime() - Date.now() + 75_000, intervals: [500] })
      .toBeGreaterThanOrEqual(3);
    expect(starts.received).toHaveLength(1);
    const [quiet, first, second] = volumes.received;
    // The quietest step before the card; whole steps up after it, at most one every 30 s.
    expect(quiet?.payload).toEqual({ volume: stepToPercent(1) });
    const start = starts.received[0]?.at ?? 0;
    expect(quiet?.at ?? Infinity).toBeLessThanOrEqual(start);
    expect(Number(first?.payload.volume)).toBeGreaterThan(stepToPercent(1));
    expect(Number(second?.payload.volume)).toBeGreaterThan(Number(first?.payload.volume));
    expect((first?.at ?? 0) - start).toBeGreaterThanOrEqual(29_000);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(29_000);
    expect((await sandbox.playerState(BEDROOM)).playbackStatus).toBe('playing');

    // The receipt names the fade.
    await expect(page.getByTestId('firing-receipt')).toHaveText(
      /^Played .* on Bedroom Player, faded in over 5 min$/,
      {
        timeout: 20_000,
      },
    );
  } finally {
    await Promise.all([volumes.close(), starts.close()]);
  }
});
