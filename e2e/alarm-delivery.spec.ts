import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { watchCommand } from './support/broker-watch';
import { cloud, cloudAlarmNextMinute } from './support/cloud';
import { browserTimeZone } from './support/quiet-zone';
import { sandbox } from './support/stack';

// The product's promise (docs/decisions/alarm-firing-claims.md): a cloud alarm rings from the server at its
// minute with no browser open, once, and the parent sees the receipt when the app is opened again.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

test('sign in, make a cloud alarm for the next minute, close the browser: the player starts it; reopened, the card shows the receipt', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await browser.newContext();
  const page = await first.newPage();
  const app = new AppPage(page);
  await app.signIn();
  const title = (await app.playlistCards().first().getByTestId('playlist-title').textContent()) ?? '';
  const cardId = await sandbox.cardIdOf(title);
  const due = await cloudAlarmNextMinute(page, cardId, 'Next minute');
  await first.close(); // no browser open from here on

  const starts = await watchCommand(BEDROOM, 'card/start');
  await expect
    .poll(async () => (await sandbox.playerState(BEDROOM)).cardId, {
      timeout: due.getTime() - Date.now() + 15_000,
      intervals: [250],
    })
    .toBe(cardId);
  const player = await sandbox.playerState(BEDROOM);
  expect(player.playbackStatus).toBe('playing');
  expect(player.lastCommand?.name).toBe('card/start');
  // Not before its minute: the card started at or after the due instant.
  expect(Date.parse(player.lastCommand?.at ?? '')).toBeGreaterThanOrEqual(due.getTime());
  // Rung once: no second card/start follows.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await starts.close();
  expect(starts.received).toHaveLength(1);
  expect(starts.received[0]?.payload).toMatchObject({ uri: expect.stringContaining(cardId) });

  const second = await browser.newContext();
  const again = new AppPage(await second.newPage());
  await again.signIn();
  await again.tab('Alarm Management').click();
  const clock = wallClock(due, await browserTimeZone(again.page));
  const [hh, mm] = [clock.hour, clock.minute].map((n) => String(n).padStart(2, '0'));
  await expect(again.page.getByTestId('firing-receipt')).toHaveText(
    new RegExp(`^Played ${hh}:${mm}:\\d\\d\\.\\d on Bedroom Player$`),
    { timeout: 15_000 },
  );
  const [stored] = await cloud.alarms();
  expect(stored).toBeDefined();
  await second.close();
});
