import { describe, expect, it } from 'vitest';
import { CONFIG_V3 } from '../../test/fixtures/config-v3';
import {
  cloudAlarmOffWarning,
  durationWords,
  playerOffWarning,
  playerPowerFromConfig,
  willBeOffAt,
  type PlayerPower,
} from './player-off-at';

const NOW = new Date('2026-06-10T12:00:00Z');
const inHours = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const battery: PlayerPower = { online: true, powerSource: 0, charging: false, shutdownTimeoutSeconds: 3600 };

describe('will the player be off when a cloud alarm is due?', () => {
  it('on battery: off when the alarm is further away than shutdownTimeout, on when it is nearer', () => {
    expect(willBeOffAt(battery, inHours(17), NOW)).toEqual({ off: true, why: 'battery-timeout' });
    expect(willBeOffAt(battery, inHours(0.5), NOW)).toEqual({ off: false, why: 'wakes-in-time' });
    expect(willBeOffAt(battery, inHours(1), NOW)).toEqual({ off: false, why: 'wakes-in-time' });
    expect(
      willBeOffAt({ ...battery, shutdownTimeoutSeconds: 30 }, new Date(NOW.getTime() + 31_000), NOW),
    ).toEqual({ off: true, why: 'battery-timeout' });
  });
  it('on a dock, USB-C or Qi it stays on, however far the alarm', () => {
    for (const powerSource of [1, 2, 3])
      expect(willBeOffAt({ ...battery, powerSource }, inHours(20), NOW)).toEqual({
        off: false,
        why: 'on-power',
      });
    expect(willBeOffAt({ ...battery, powerSource: null, charging: true }, inHours(20), NOW).off).toBe(false);
  });
  it('offline now: off, the server cannot switch it on', () => {
    expect(willBeOffAt({ ...battery, powerSource: 2, online: false }, inHours(1), NOW)).toEqual({
      off: true,
      why: 'offline-now',
    });
  });
  it("says 'unknown' (no warning) when the read does not tell the power source or the timeout", () => {
    const unknown = { off: false, why: 'unknown' };
    expect(willBeOffAt({ ...battery, powerSource: null, charging: null }, inHours(20), NOW)).toEqual(unknown);
    // Not charging is not proof of battery: a docked player at 100 % does not charge.
    expect(willBeOffAt({ ...battery, powerSource: null, charging: false }, inHours(20), NOW)).toEqual(
      unknown,
    );
    expect(willBeOffAt({ ...battery, shutdownTimeoutSeconds: null }, inHours(20), NOW)).toEqual(unknown);
    expect(willBeOffAt({ ...battery, shutdownTimeoutSeconds: 0 }, inHours(20), NOW)).toEqual(unknown);
  });
});

describe("the power facts of a player's config read", () => {
  it("reads a real v3 player's answer: USB-C, a 3600 s timeout, online", () => {
    expect(playerPowerFromConfig(CONFIG_V3)).toEqual({
      online: true,
      powerSource: 2,
      charging: false,
      shutdownTimeoutSeconds: 3600,
    });
  });
  it('reads numbers and flags in either form, and garbage as unknown, never a throw', () => {
    const answer = (status: unknown, config: unknown) => ({
      device: { deviceId: 'p', online: true, status, config },
    });
    expect(playerPowerFromConfig(answer({ powerSrc: '0', charging: '1' }, { shutdownTimeout: 120 }))).toEqual(
      {
        online: true,
        powerSource: 0,
        charging: true,
        shutdownTimeoutSeconds: 120,
      },
    );
    expect(
      playerPowerFromConfig(answer({ powerSrc: 'dock', charging: 'maybe' }, { shutdownTimeout: 'soon' })),
    ).toEqual({ online: true, powerSource: null, charging: null, shutdownTimeoutSeconds: null });
    expect(playerPowerFromConfig(answer(null, null)).shutdownTimeoutSeconds).toBeNull();
    expect(playerPowerFromConfig('nonsense')).toEqual({
      online: null,
      powerSource: null,
      charging: null,
      shutdownTimeoutSeconds: null,
    });
  });
});

describe('the warning', () => {
  it('names the cause, the timeout in words and what saving on the player does', () => {
    expect(
      playerOffWarning({
        player: 'Bedroom Player',
        when: '05:50',
        verdict: { off: true, why: 'battery-timeout' },
        shutdownTimeoutSeconds: 3600,
      }),
    ).toBe(
      "Bedroom Player is on battery and switches itself off after 1 hour without use, so it will be off at 05:50. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.",
    );
    expect(
      playerOffWarning({
        player: 'Bedroom Player',
        when: '05:50',
        verdict: { off: true, why: 'offline-now' },
        shutdownTimeoutSeconds: null,
      }),
    ).toMatch(/^Bedroom Player is switched off or offline now\. /);
  });
  it('says a timeout in hours, minutes or seconds', () => {
    expect(durationWords(7200)).toBe('2 hours');
    expect(durationWords(90 * 60)).toBe('90 minutes');
    expect(durationWords(60)).toBe('1 minute');
    expect(durationWords(45)).toBe('45 seconds');
  });
});

describe('the warning for a cloud alarm made of a device alarm', () => {
  // 12:00 UTC on a Wednesday; weekdays at 05:50 in London is Thursday 04:50 UTC, 16 h 50 min away.
  const alarm = {
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const,
    hour: 5,
    minute: 50,
    time: '05:50',
  };
  const warn = (power: PlayerPower, minutesAhead?: number) =>
    cloudAlarmOffWarning({
      alarm:
        minutesAhead === undefined
          ? { ...alarm, days: [...alarm.days] }
          : { ...alarm, days: [...alarm.days], hour: 13, minute: minutesAhead, time: `13:${minutesAhead}` },
      player: 'Bedroom Player',
      power,
      timeZone: 'Europe/London',
      now: NOW,
    });
  it('warns when the player on battery will have switched itself off by the alarm', () => {
    expect(warn(battery)).toMatch(
      /^Bedroom Player is on battery and switches itself off after 1 hour without use, so it will be off at 05:50\./,
    );
  });
  it('says nothing when the alarm comes before the timeout, or the player is on power', () => {
    expect(warn(battery, 30)).toBeNull(); // 13:30 London = 12:30 UTC, half an hour away
    expect(warn({ ...battery, powerSource: 3 })).toBeNull();
  });
});
