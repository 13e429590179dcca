import { describe, expect, it } from 'vitest';
import { LOW_BATTERY_LEAD_MS, lowBatteryBeforeBedtime } from './low-battery';
import { makeCloudAlarm, makeDeviceAlarm, makeWatchedPlayer } from '../../test/fixtures/builders';

const london = 'Europe/London';
const everyDay = '1111111';
// The bedtime alarm rings at 19:30 BST, 18:30 UTC, on Wednesday 10 June 2026.
const bedtime = makeCloudAlarm({ id: 'b1', alarm_type: 'bedtime', hour: 19, minute: 30, days: everyDay });
const low = makeWatchedPlayer({ batteryPercent: 15 });
const check = (now: string, players = [low], cloudAlarms = [bedtime]) =>
  lowBatteryBeforeBedtime({ now: new Date(now), timeZone: london, players, cloudAlarms });

describe('low battery before a bedtime alarm', () => {
  it('tells it in the two hours before, word for word, once per ringing', () => {
    expect(LOW_BATTERY_LEAD_MS).toBe(2 * 60 * 60_000);
    expect(check('2026-06-10T17:00:00.000Z')).toEqual([
      {
        kind: 'low-battery',
        dedupKey: 'low-battery:p1:cloud:b1:2026-06-10T18:30:00.000Z',
        title: 'Low battery on Bedroom Player',
        body: 'Bedroom Player is at 15 % and not charging before its 19:30 bedtime alarm. Put it on its dock.',
        url: '/?view=devices&device=p1',
        deviceId: 'p1',
        alarmAt: '2026-06-10T18:30:00.000Z',
      },
    ]);
  });

  it('the window: exactly two hours before counts, a minute more does not; nothing once it rang', () => {
    expect(check('2026-06-10T16:30:00.000Z')).toHaveLength(1);
    expect(check('2026-06-10T16:29:00.000Z')).toEqual([]);
    expect(check('2026-06-10T18:29:00.000Z')).toHaveLength(1);
    expect(check('2026-06-10T18:30:00.000Z')).toEqual([]);
  });

  it('a wake-up alarm, a player’s own alarm or another player’s bedtime alarm is not this news', () => {
    expect(check('2026-06-10T17:00:00.000Z', [low], [{ ...bedtime, alarm_type: 'wakeup' }])).toEqual([]);
    const ownAlarm = makeWatchedPlayer({
      batteryPercent: 15,
      alarms: [makeDeviceAlarm({ time: '19:30', hour: 19, minute: 30, days: ['wednesday'] })],
    });
    expect(check('2026-06-10T17:00:00.000Z', [ownAlarm], [])).toEqual([]);
    expect(check('2026-06-10T17:00:00.000Z', [low], [{ ...bedtime, yoto_device_id: 'p2' }])).toEqual([]);
  });

  it('battery at 20 %, charging, docked, or a player already off: no news', () => {
    for (const player of [
      makeWatchedPlayer({ batteryPercent: 20 }),
      makeWatchedPlayer({ batteryPercent: 15, charging: true }),
      makeWatchedPlayer({ batteryPercent: 15, powerSource: 1, charging: null }),
      makeWatchedPlayer({ batteryPercent: 15, online: false }),
    ]) {
      expect(check('2026-06-10T17:00:00.000Z', [player])).toEqual([]);
    }
  });
});
