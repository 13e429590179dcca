import { describe, expect, it } from 'vitest';
import { ringingsBetween } from './alarm-ringings';
import { makeCloudAlarm, makeDeviceAlarm } from '../../test/fixtures/builders';

// Wednesday 10 June 2026; London keeps BST (UTC+1).
const from = new Date('2026-06-10T18:00:00.000Z');
const to = new Date('2026-06-11T11:00:00.000Z'); // Thursday 12:00 in London
const everyDay = '1111111';

describe('ringingsBetween: both kinds of alarm, by the rules they ring by', () => {
  it('finds cloud and player alarms in the window, earliest first, each with its time', () => {
    const found = ringingsBetween(from, to, {
      cloudAlarms: [makeCloudAlarm({ id: 'c7', hour: 7, minute: 0, days: everyDay })],
      players: [
        {
          deviceId: 'p2',
          timeZone: null,
          alarms: [
            makeDeviceAlarm({ id: 'alarm_0', time: '06:30', hour: 6, minute: 30, days: ['thursday'] }),
          ],
        },
      ],
      timeZone: 'Europe/London',
    });
    expect(found).toEqual([
      {
        source: 'player',
        alarmId: 'alarm_0',
        deviceId: 'p2',
        at: new Date('2026-06-11T05:30:00.000Z'),
        time: '06:30',
        alarmType: null,
      },
      {
        source: 'cloud',
        alarmId: 'c7',
        deviceId: 'p1',
        at: new Date('2026-06-11T06:00:00.000Z'),
        time: '07:00',
        alarmType: 'wakeup',
      },
    ]);
  });

  it('every ringing in a longer window, and none at its end (exclusive)', () => {
    const found = ringingsBetween(
      new Date('2026-06-08T00:00:00.000Z'),
      new Date('2026-06-10T06:00:00.000Z'),
      {
        cloudAlarms: [makeCloudAlarm({ hour: 7, minute: 0, days: everyDay })],
        players: [],
        timeZone: 'Europe/London',
      },
    );
    expect(found.map((r) => r.at.toISOString())).toEqual([
      '2026-06-08T06:00:00.000Z',
      '2026-06-09T06:00:00.000Z',
    ]);
  });

  it('passes over switched-off alarms, a skipped ringing and a paused day', () => {
    const alarm = makeCloudAlarm({ hour: 7, minute: 0, days: everyDay });
    const window = { players: [], timeZone: 'Europe/London' };
    expect(ringingsBetween(from, to, { ...window, cloudAlarms: [{ ...alarm, is_enabled: false }] })).toEqual(
      [],
    );
    expect(
      ringingsBetween(from, to, {
        ...window,
        cloudAlarms: [{ ...alarm, skip_until: '2026-06-11T06:00:00.000Z' }],
      }),
    ).toEqual([]);
    expect(
      ringingsBetween(from, to, { ...window, cloudAlarms: [{ ...alarm, paused_through: '2026-06-11' }] }),
    ).toEqual([]);
    const off = {
      deviceId: 'p2',
      timeZone: null,
      alarms: [makeDeviceAlarm({ days: ['thursday'], enabled: false })],
    };
    expect(ringingsBetween(from, to, { ...window, cloudAlarms: [], players: [off] })).toEqual([]);
  });

  it('a player keeping another zone rings by its own clock, and its time says where', () => {
    const found = ringingsBetween(from, new Date('2026-06-11T18:00:00.000Z'), {
      cloudAlarms: [],
      players: [
        { deviceId: 'p3', timeZone: 'America/New_York', alarms: [makeDeviceAlarm({ days: ['thursday'] })] },
      ],
      timeZone: 'Europe/London',
    });
    expect(found.map((r) => [r.at.toISOString(), r.time])).toEqual([
      ['2026-06-11T11:00:00.000Z', '07:00 in New York'],
    ]);
  });

  it('a player zone that is no zone falls back to the household’s', () => {
    const found = ringingsBetween(from, to, {
      cloudAlarms: [],
      players: [
        { deviceId: 'p3', timeZone: 'Mars/Olympus', alarms: [makeDeviceAlarm({ days: ['thursday'] })] },
      ],
      timeZone: 'Europe/London',
    });
    expect(found.map((r) => [r.at.toISOString(), r.time])).toEqual([['2026-06-11T06:00:00.000Z', '07:00']]);
  });
});
