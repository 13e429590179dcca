import { describe, expect, it } from 'vitest';
import { offlineInPrepareWindow, watchWindowMs } from './player-offline';
import { PREPARE_WINDOW_MS } from '../cloud/alarm-firing';
import { makeCloudAlarm, makeDeviceAlarm } from '../../test/fixtures/builders';

const london = 'Europe/London';
// Thursday 11 June 2026: a cloud alarm at 07:00 BST (06:00 UTC), the player's own at 07:02.
const cloud = makeCloudAlarm({ id: 'a1', hour: 7, minute: 0, days: '1111111' });
const player = {
  deviceId: 'p1',
  name: 'Bedroom Player',
  timeZone: null,
  alarms: [makeDeviceAlarm({ time: '07:02', hour: 7, minute: 2, days: ['thursday'] })],
};
const seen = (iso: string, cloudAlarms = [cloud]) =>
  offlineInPrepareWindow({ player, offlineAt: new Date(iso), timeZone: london, cloudAlarms });

describe('a player gone offline in an alarm’s prepare window', () => {
  it('one notification per alarm of the player within the window, each worded for who rings it', () => {
    expect(PREPARE_WINDOW_MS).toBe(5 * 60_000);
    const news = seen('2026-06-11T05:58:00.000Z');
    expect(news.map((n) => [n.dedupKey, n.body])).toEqual([
      [
        'player-offline:p1:cloud:a1:2026-06-11T06:00:00.000Z',
        "Bedroom Player went offline just before its 07:00 alarm: the alarm can't ring unless someone switches it on.",
      ],
      [
        'player-offline:p1:player:alarm_0:2026-06-11T06:02:00.000Z',
        "Bedroom Player went offline just before its 07:02 alarm: if it is switched off, the alarm won't ring.",
      ],
    ]);
  });

  it('the window is the five minutes before: exactly five counts, a minute more does not, nor a passed alarm', () => {
    expect(seen('2026-06-11T05:55:00.000Z', []).map((n) => n.alarmAt)).toEqual([]);
    expect(seen('2026-06-11T05:55:00.000Z').map((n) => n.alarmAt)).toEqual(['2026-06-11T06:00:00.000Z']);
    expect(seen('2026-06-11T05:54:59.000Z').map((n) => n.alarmAt)).toEqual([]);
    expect(seen('2026-06-11T06:00:00.000Z').map((n) => n.alarmAt)).toEqual(['2026-06-11T06:02:00.000Z']);
  });

  it('another player’s cloud alarm is not this player’s news', () => {
    expect(
      seen('2026-06-11T05:58:00.000Z', [{ ...cloud, yoto_device_id: 'p2' }]).map((n) => n.alarmAt),
    ).toEqual(['2026-06-11T06:02:00.000Z']);
  });

  it('a periodic look sees its interval and a minute ahead, never less than the prepare window', () => {
    expect(watchWindowMs(60_000)).toBe(PREPARE_WINDOW_MS);
    expect(watchWindowMs(300_000)).toBe(360_000);
    expect(watchWindowMs(600_000)).toBe(660_000);
    const look = (iso: string, windowMs: number) =>
      offlineInPrepareWindow({
        player,
        offlineAt: new Date(iso),
        timeZone: london,
        cloudAlarms: [],
        windowMs,
      });
    // Looks every 5 minutes: one at 05:54:30 does not reach the player's 06:02 ringing; one at
    // 05:56:30 does, 5.5 minutes ahead, so a next look up to a minute late cannot miss it.
    expect(look('2026-06-11T05:54:30.000Z', watchWindowMs(300_000)).map((n) => n.alarmAt)).toEqual([]);
    expect(look('2026-06-11T05:56:30.000Z', watchWindowMs(300_000)).map((n) => n.alarmAt)).toEqual([
      '2026-06-11T06:02:00.000Z',
    ]);
    expect(look('2026-06-11T05:57:00.000Z', 1).map((n) => n.alarmAt)).toEqual(['2026-06-11T06:02:00.000Z']);
  });
});
