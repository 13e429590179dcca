import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { holdsUrl, playerConfig, startHoldsApp, type HoldsApp } from '../../test/support/device-holds';
import { eventually, playableCardId } from '../../test/support/sandbox-fixture';
import { createSqliteTestDatabase, type TestDatabase } from '../../test/support/test-databases';
import { migrateToLatest } from '../db/migrations';

// The whole round on real time: the sandbox's players ring their own alarms at the minute, so a
// skipped alarm must stay silent on its player while the same alarm on another player rings, and
// be back on a few seconds later (DEVICE_ALARM_HOLD_MARGIN_S=5). It waits for a real minute, so it
// runs on SQLite only: the runner's tests cover both databases on a hand-driven clock.

const SKIPPED = 'demo-player-1';
const CONTROL = 'demo-player-2';
let sandbox: RunningSandbox;
let cardId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  cardId = await playableCardId(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

/** The next whole minute at least 20 s away, and the alarm string for it in London. */
function nextMinuteAlarm(): { at: number; alarm: string } {
  let at = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
  if (at - Date.now() < 20_000) at += 60_000;
  const { hour, minute } = wallClock(new Date(at), 'Europe/London');
  const hhmm = `${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`;
  return { at, alarm: `1111111,${hhmm},${cardId},,,6,1` };
}

describe('a skipped alarm on the sandbox player stays silent', () => {
  let test: TestDatabase;
  let holds: HoldsApp;
  beforeEach(async () => {
    await sandboxKnobs(sandbox.url).reset();
    test = createSqliteTestDatabase();
    await migrateToLatest(test.db);
    holds = await startHoldsApp(sandbox, test.db, { worker: 'on', env: { DEVICE_ALARM_HOLD_MARGIN_S: '5' } });
  });
  afterEach(async () => {
    await holds.app.close();
    await test.dispose();
  });

  it('the skipped player rings nothing, the other rings, and the alarm is back on after', async () => {
    const { at, alarm } = nextMinuteAlarm();
    const { access_token } = await sandbox.issueTokens('demo');
    const client = new ProviderClient({
      apiBase: sandbox.url,
      getAccessToken: () => Promise.resolve(access_token),
    });
    await client.replaceDeviceAlarms(SKIPPED, [alarm]);
    await client.replaceDeviceAlarms(CONTROL, [alarm]);

    const skipped = await holds.call('POST', holdsUrl(SKIPPED), {
      alarm,
      index: 0,
      change: { action: 'skip' },
    });
    expect(skipped.body).toMatchObject({
      holds: [{ skip_until: new Date(at).toISOString(), switch_on_at: new Date(at + 5_000).toISOString() }],
    });

    const knobs = sandboxKnobs(sandbox.url);
    const rang = await eventually(async () => {
      const state = await knobs.player(CONTROL).state();
      return state.rang.length > 0 ? state.rang : undefined;
    }, 90_000);
    expect(rang).toMatchObject([{ alarm, cardId, at: new Date(at).toISOString(), started: true }]);
    await eventually(async () =>
      (await playerConfig(sandbox, SKIPPED)).alarms[0] === alarm ? true : undefined,
    );
    expect((await knobs.player(SKIPPED).state()).rang).toEqual([]);
    // The runner writes the player's config first, then records the silenced ringing and ends
    // the hold, so the row goes a moment after the alarm is back on.
    await eventually(async () =>
      (await test.db.selectFrom('alarm_holds').selectAll().execute()).length === 0 ? true : undefined,
    );
    expect(await test.db.selectFrom('alarm_holds').selectAll().execute()).toEqual([]);
  }, 120_000);
});
