import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './support/test';
import { AppPage, dialog } from './support/app-page';
import { appUrl, sandbox, stackDataDir } from './support/stack';
import { cloud, cloudAlarmNextMinute } from './support/cloud';

// A player's alarm history (docs/decisions/alarm-history.md): a cloud alarm the server rings at its
// minute shows as played, with how late; one whose time passed while every process was down shows
// as missed. Both on the Bedroom Player's card, newest first.

const BEDROOM = 'demo-player-1';

test.beforeEach(async () => {
  await sandbox.reset();
  await cloud.clear();
});

/**
 * What a server that was down for a quarter of an hour leaves behind: the alarm's next ringing
 * passed with nobody to claim it. Written straight into the stack's database, as no API moves a
 * ringing into the past.
 */
function passedWhileDown(alarmName: string): string {
  const db = new Database(
    join(stackDataDir(Number(process.env.TEST_PARALLEL_INDEX ?? 0)), 'playlist-alarms.sqlite'),
  );
  try {
    const dueAt = new Date(Math.floor((Date.now() - 15 * 60_000) / 60_000) * 60_000).toISOString();
    const moved = db.prepare('update alarms set next_fire_at = ? where alarm_name = ?').run(dueAt, alarmName);
    expect(moved.changes).toBe(1);
    return dueAt;
  } finally {
    db.close();
  }
}

test('the history lists a played ringing, with how late, and a missed one, newest first', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.signIn();
  const title = (await app.playlistCards().first().getByTestId('playlist-title').textContent()) ?? '';
  const cardId = await sandbox.cardIdOf(title);
  // Names of this run only: earlier journeys on the stack (alarm-delivery rings a "Next minute"
  // too) leave ringings that stay 30 days, by design.
  const run = Date.now().toString(36);
  const playedName = `Rung at its minute ${run}`;
  const missedName = `Slept through ${run}`;

  // Missed: due a quarter of an hour ago while "down"; the worker's next pass records it, not rings it.
  await cloud.create({
    yoto_device_id: BEDROOM,
    device_name: 'Bedroom Player',
    alarm_type: 'bedtime',
    alarm_name: missedName,
    playlist_id: cardId,
    hour: 3,
    minute: 0,
    days: '1111111',
    volume: 5,
    is_enabled: true,
  });
  passedWhileDown(missedName);
  // A pass now rather than at the worker's next refresh (either records it; one claim wins).
  expect((await fetch(`${appUrl}/api/cron/check`)).status).toBe(200);
  await expect.poll(async () => (await cloud.alarms())[0]?.last_outcome).toBe('missed');

  // Played: rung by the server at its minute.
  const due = await cloudAlarmNextMinute(page, cardId, playedName);
  await expect
    .poll(async () => (await sandbox.playerState(BEDROOM)).cardId, {
      timeout: due.getTime() - Date.now() + 15_000,
      intervals: [250],
    })
    .toBe(cardId);

  await app.tab('Device Management (3)').click();
  await app.playerCard('Bedroom Player').getByRole('button', { name: 'Alarm history' }).click();
  const history = dialog(page, 'Alarm history: Bedroom Player');
  // Earlier journeys' ringings may be listed too: this journey's two are found by name, in order.
  const entries = history.getByTestId('alarm-history-entry');
  const played = entries.filter({ hasText: playedName });
  const missed = entries.filter({ hasText: missedName });
  await expect(played).toHaveCount(1);
  await expect(missed).toHaveCount(1);
  await expect(played).toContainText(/Played, (on time|\d+ s late) · Cloud alarm/);
  await expect(missed).toContainText('Missed (the server was down) · Cloud alarm');
  const texts = await entries.allTextContents();
  const at = (name: string) => texts.findIndex((text) => text.includes(name));
  expect(at(playedName), 'newest first').toBeLessThan(at(missedName));
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toHaveCount(0);
});
