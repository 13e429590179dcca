import { describe, expect, it } from 'vitest';
import type { AlarmRinging } from './alarm-ringings';
import {
  ALARMS_URL,
  alarmAtRiskNotification,
  alarmNotPlayedNotification,
  deviceUrl,
  lowBatteryNotification,
  playerOfflineNotification,
} from './notification-builders';
import { makeCloudAlarm } from '../../test/fixtures/builders';

const player = { deviceId: 'p1', name: 'Bedroom Player' };
const ringing = (overrides: Partial<AlarmRinging> = {}): AlarmRinging => ({
  source: 'cloud',
  alarmId: 'a1',
  deviceId: 'p1',
  at: new Date('2026-06-11T06:00:00.000Z'),
  time: '07:00',
  alarmType: 'wakeup',
  ...overrides,
});

describe('alarm-not-played: from a cloud alarm and its receipt', () => {
  const fired = makeCloudAlarm({
    alarm_name: 'Morning',
    hour: 7,
    minute: 0,
    last_fired_at: '2026-06-11T06:00:00.000Z',
    last_outcome_at: '2026-06-11T06:00:10.000Z',
  });
  const after = new Date('2026-06-11T06:01:00.000Z');

  it.each([
    ['failed', 'The 07:00 alarm did not play: the start on Bedroom Player failed.'],
    ['missed', 'The 07:00 alarm did not play: the server was not running then.'],
    ['player-offline', 'The 07:00 alarm did not play: Bedroom Player was off or offline.'],
    [
      'no-response',
      'The 07:00 alarm did not play: it was sent to Bedroom Player, but the player did not say it was playing.',
    ],
  ] as const)('%s: says why, opens Alarms, one per firing', (outcome, body) => {
    expect(alarmNotPlayedNotification({ ...fired, last_outcome: outcome }, after)).toEqual({
      kind: 'alarm-not-played',
      dedupKey: 'alarm-not-played:a1:2026-06-11T06:00:00.000Z',
      title: 'Alarm did not play: Morning',
      body,
      url: ALARMS_URL,
      deviceId: 'p1',
      alarmAt: '2026-06-11T06:00:00.000Z',
    });
  });

  it('says nothing when it played, is still ringing or never rang', () => {
    expect(alarmNotPlayedNotification({ ...fired, last_outcome: 'played' }, after)).toBeNull();
    expect(alarmNotPlayedNotification({ ...fired, last_outcome: null }, after)).toBeNull();
    expect(alarmNotPlayedNotification(makeCloudAlarm({ last_outcome: 'failed' }), after)).toBeNull();
  });

  it('a player found off in the prepare window, before the alarm is due, is not yet "did not play"', () => {
    const note = { ...fired, last_outcome: 'player-offline' as const };
    expect(alarmNotPlayedNotification(note, new Date('2026-06-11T05:57:00.000Z'))).toBeNull();
    expect(alarmNotPlayedNotification(note, new Date('2026-06-11T06:00:00.000Z'))).not.toBeNull();
  });

  it('keys one piece of news per alarm and due instant: the next day’s firing is news again', () => {
    const next = { ...fired, last_outcome: 'failed' as const, last_fired_at: '2026-06-12T06:00:00.000Z' };
    const later = new Date('2026-06-12T06:01:00.000Z');
    expect(alarmNotPlayedNotification(next, later)?.dedupKey).toBe(
      'alarm-not-played:a1:2026-06-12T06:00:00.000Z',
    );
  });

  it('an unnamed alarm is titled by its time, an unnamed player by its id', () => {
    const bare = { ...fired, alarm_name: ' ', device_name: '', last_outcome: 'failed' as const };
    const news = alarmNotPlayedNotification(bare, after);
    expect(news?.title).toBe('Alarm did not play: 07:00');
    expect(news?.body).toBe('The 07:00 alarm did not play: the start on p1 failed.');
  });
});

describe('alarm-at-risk: one per player per evening, opening the player', () => {
  const build = (cause: Parameters<typeof alarmAtRiskNotification>[0]['cause']) =>
    alarmAtRiskNotification({ player, ringing: ringing(), cause, eveningDate: '2026-06-10' });

  it('the battery case, word for word', () => {
    expect(build({ why: 'battery', percent: 12 })).toEqual({
      kind: 'alarm-at-risk',
      dedupKey: 'alarm-at-risk:p1:2026-06-10',
      title: "Tomorrow's alarm on Bedroom Player may not ring",
      body: 'Bedroom Player is at 12 % and not charging: the 07:00 alarm may not ring. Put it on its dock.',
      url: '/?view=devices&device=p1',
      deviceId: 'p1',
      alarmAt: '2026-06-11T06:00:00.000Z',
    });
  });

  it('a battery reading is said as a whole percent', () => {
    expect(build({ why: 'battery', percent: 12.6 }).body).toContain('is at 13 %');
  });

  it('the player off or offline', () => {
    expect(build({ why: 'offline' }).body).toBe(
      'Bedroom Player is off or offline: the 07:00 alarm may not ring. Switch it on and check its WiFi.',
    );
  });

  it('the player switching itself off on battery, its timeout in words', () => {
    expect(build({ why: 'power-off', shutdownTimeoutSeconds: 3600 }).body).toBe(
      'Bedroom Player switches itself off after 1 hour without use on battery: the 07:00 alarm may not ring. Put it on its dock.',
    );
    expect(build({ why: 'power-off', shutdownTimeoutSeconds: 1800 }).body).toContain(
      'after 30 minutes without use',
    );
  });

  it('the same evening gives the same key whichever alarm or cause; the next evening another', () => {
    const other = alarmAtRiskNotification({
      player,
      ringing: ringing({ alarmId: 'alarm_0', source: 'player' }),
      cause: { why: 'offline' },
      eveningDate: '2026-06-10',
    });
    expect(other.dedupKey).toBe(build({ why: 'offline' }).dedupKey);
    const tomorrow = alarmAtRiskNotification({
      player,
      ringing: ringing(),
      cause: { why: 'offline' },
      eveningDate: '2026-06-11',
    });
    expect(tomorrow.dedupKey).not.toBe(other.dedupKey);
  });
});

describe('player-offline and low-battery: once per ringing, opening the player', () => {
  it('a cloud alarm cannot ring; a player’s own may still', () => {
    const cloud = playerOfflineNotification({ player, ringing: ringing() });
    expect(cloud).toEqual({
      kind: 'player-offline',
      dedupKey: 'player-offline:p1:cloud:a1:2026-06-11T06:00:00.000Z',
      title: 'Bedroom Player went offline',
      body: "Bedroom Player went offline just before its 07:00 alarm: the alarm can't ring unless someone switches it on.",
      url: '/?view=devices&device=p1',
      deviceId: 'p1',
      alarmAt: '2026-06-11T06:00:00.000Z',
    });
    const own = playerOfflineNotification({
      player,
      ringing: ringing({ source: 'player', alarmId: 'alarm_0' }),
    });
    expect(own.body).toBe(
      "Bedroom Player went offline just before its 07:00 alarm: if it is switched off, the alarm won't ring.",
    );
    expect(own.dedupKey).toBe('player-offline:p1:player:alarm_0:2026-06-11T06:00:00.000Z');
  });

  it('low battery before a bedtime alarm', () => {
    const news = lowBatteryNotification({
      player,
      ringing: ringing({ at: new Date('2026-06-10T18:30:00.000Z'), time: '19:30', alarmType: 'bedtime' }),
      percent: 15,
    });
    expect(news).toEqual({
      kind: 'low-battery',
      dedupKey: 'low-battery:p1:cloud:a1:2026-06-10T18:30:00.000Z',
      title: 'Low battery on Bedroom Player',
      body: 'Bedroom Player is at 15 % and not charging before its 19:30 bedtime alarm. Put it on its dock.',
      url: '/?view=devices&device=p1',
      deviceId: 'p1',
      alarmAt: '2026-06-10T18:30:00.000Z',
    });
  });

  it('a player id is escaped in the address', () => {
    expect(deviceUrl('a b&c')).toBe('/?view=devices&device=a%20b%26c');
  });
});
