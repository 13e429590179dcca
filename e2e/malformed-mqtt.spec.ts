import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { knobs, sandbox } from './support/stack';

// A player (or anything on its topics) sends messages that are not JSON, not objects, far too
// large, or full of wrongly typed fields. The device link drops what it cannot read, the app
// keeps only well-typed fields, and the page goes on: no error, the status as it was, commands
// still work.

const BEDROOM = 'demo-player-1';

const NESTED = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;
const GARBAGE: Array<[Parameters<typeof sandbox.rawMessage>[1], string]> = [
  ['events', 'not json at all'],
  ['data/events', '{"volume":'],
  ['events', '[{"volume":1}]'],
  ['data/events', '42'],
  ['events', 'null'],
  ['data/status', '"charging"'],
  // Over 64 KiB: dropped unread, even though its volume would be well-formed.
  ['data/events', JSON.stringify({ volume: 2, volumeMax: 16, pad: 'x'.repeat(70_000) })],
  ['events', NESTED],
  // Well-formed JSON objects whose fields have the wrong types: those fields are not taken.
  [
    'data/events',
    JSON.stringify({
      volume: 'loud',
      volumeMax: -3,
      playbackStatus: 42,
      cardId: { id: 'x' },
      position: 'abc',
      trackLength: [1],
      sleepTimerActive: 'yes',
    }),
  ],
  ['data/status', JSON.stringify({ status: 'broken' })],
  [
    'data/status',
    JSON.stringify({ status: { batteryLevel: 'full', charging: 'maybe', temp: 123, als: {} } }),
  ],
  ['status', JSON.stringify({ batteryLevel: [1], wifiStrength: 'strong' })],
  ['response', JSON.stringify({ status: [1, 2] })],
  ['response', JSON.stringify({ status: { bluetooth: 42, '/bluetooth/state': null } })],
  ['response', '"OK"'],
];

test('malformed, oversized and wrongly typed player messages are dropped; the page stays usable', async ({
  page,
}) => {
  await sandbox.reset();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const app = new AppPage(page);
  await app.signIn();
  const connectedAt = Date.now();
  const bedroom = await app.connectPlayer();
  // The page asks for the status on connecting, 1 s later and 2 s later. The player's answer to the
  // last would overwrite the good message below if it came after it (a loaded machine sends the
  // garbage within those 2 s), so the garbage goes out once the player has had all three asks.
  await expect
    .poll(async () => {
      const { commands } = await knobs.commands(connectedAt);
      return commands.filter((c) => c.deviceId === BEDROOM && c.topic.endsWith('status/request')).length;
    })
    .toBeGreaterThanOrEqual(3);
  const player = await sandbox.playerState(BEDROOM);
  const volume = `Volume ${player.volume}/16 (${Math.round((player.volume / 16) * 100)}%)`;
  await expect(bedroom.getByLabel(volume)).toBeVisible();
  await expect(bedroom.getByLabel(`Battery ${player.battery.level}%`)).toBeVisible();

  for (const [topic, payload] of GARBAGE) await sandbox.rawMessage(BEDROOM, topic, payload);
  // One good message after them all: once it shows, every message before it was handled.
  await sandbox.rawMessage(BEDROOM, 'data/status', JSON.stringify({ status: { batteryLevel: 55 } }));
  await expect(bedroom.getByLabel('Battery 55%')).toBeVisible();

  expect(errors).toEqual([]);
  await expect(bedroom.getByLabel(volume)).toBeVisible(); // neither "loud" nor the oversized 2
  await expect(page.getByLabel('Connection summary').getByText('MQTT Connected')).toBeVisible();

  // Commands still go out and answers still come in: the player reports its real battery again.
  await bedroom.getByRole('button', { name: 'Refresh Status', exact: true }).click();
  await expect(bedroom.getByLabel(`Battery ${player.battery.level}%`)).toBeVisible();
  await app.tab('Your Playlists (42)').click();
  await expect(app.playlistCards().first()).toBeVisible();
  expect(errors).toEqual([]);
});
