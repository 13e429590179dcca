import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlarmRinging } from './alarm-ringings';
import { RISK_BATTERY_PERCENT, lowBatteryPercent, riskCause, watchedPlayerFromConfig } from './player-risk';
import { makeDeviceAlarm, makeWatchedPlayer } from '../../test/fixtures/builders';
import { CONFIG_V3 } from '../../test/fixtures/config-v3';
import { CONFIG_STATUS_MINI } from '../../test/fixtures/config-status-mini';

const now = new Date('2026-06-10T19:00:00.000Z');
const ringing = (source: AlarmRinging['source']): AlarmRinging => ({
  source,
  alarmId: source === 'cloud' ? 'a1' : 'alarm_0',
  deviceId: 'p1',
  at: new Date('2026-06-11T06:00:00.000Z'),
  time: '07:00',
  alarmType: source === 'cloud' ? 'wakeup' : null,
});

describe('lowBatteryPercent: below 20 % and known not to be charging', () => {
  it('20 % is the line: 19 % is low, 20 % is not', () => {
    expect(RISK_BATTERY_PERCENT).toBe(20);
    expect(lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 19 }))).toBe(19);
    expect(lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 19.9 }))).toBe(19.9);
    expect(lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 20 }))).toBeNull();
  });

  it('charging, or on a dock or USB-C, is no risk', () => {
    expect(lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 5, charging: true }))).toBeNull();
    for (const powerSource of [1, 2, 3]) {
      expect(
        lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 5, powerSource, charging: null })),
      ).toBeNull();
    }
  });

  it('what the read does not say is no risk: no battery reading, or neither charging nor power source', () => {
    expect(lowBatteryPercent(makeWatchedPlayer({ batteryPercent: null }))).toBeNull();
    expect(
      lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 5, charging: null, powerSource: null })),
    ).toBeNull();
    expect(
      lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 5, charging: false, powerSource: null })),
    ).toBe(5);
    expect(lowBatteryPercent(makeWatchedPlayer({ batteryPercent: 5, charging: null, powerSource: 0 }))).toBe(
      5,
    );
  });

  it('property: low exactly when below 20 %, not on power, and known on battery', () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
        fc.option(fc.boolean()),
        fc.option(fc.integer({ min: 0, max: 3 })),
        (batteryPercent, charging, powerSource) => {
          const result = lowBatteryPercent(makeWatchedPlayer({ batteryPercent, charging, powerSource }));
          const onPower = charging === true || (powerSource !== null && powerSource > 0);
          const onBattery = charging === false || powerSource === 0;
          const low = batteryPercent !== null && batteryPercent < 20 && !onPower && onBattery;
          expect(result).toBe(low ? batteryPercent : null);
        },
      ),
    );
  });
});

describe('riskCause: off, then battery, then a switch-off of its own before a cloud alarm', () => {
  it('a player off or offline puts every alarm at risk, whatever its battery', () => {
    const off = makeWatchedPlayer({ online: false, batteryPercent: 5 });
    expect(riskCause(off, ringing('cloud'), now)).toEqual({ why: 'offline' });
    expect(riskCause(off, ringing('player'), now)).toEqual({ why: 'offline' });
  });

  it('a low battery not charging puts both kinds at risk', () => {
    const low = makeWatchedPlayer({ batteryPercent: 12, shutdownTimeoutSeconds: 3600 });
    expect(riskCause(low, ringing('cloud'), now)).toEqual({ why: 'battery', percent: 12 });
    expect(riskCause(low, ringing('player'), now)).toEqual({ why: 'battery', percent: 12 });
  });

  it('a switch-off on battery before the alarm risks a cloud alarm only (the player rings its own)', () => {
    const sleeps = makeWatchedPlayer({ batteryPercent: 80, shutdownTimeoutSeconds: 3600 });
    expect(riskCause(sleeps, ringing('cloud'), now)).toEqual({
      why: 'power-off',
      shutdownTimeoutSeconds: 3600,
    });
    expect(riskCause(sleeps, ringing('player'), now)).toBeNull();
  });

  it('no switch-off when the alarm comes before the timeout, on a dock, or with no timeout read', () => {
    const day = makeWatchedPlayer({ shutdownTimeoutSeconds: 86_400 });
    expect(riskCause(day, ringing('cloud'), now)).toBeNull();
    const docked = makeWatchedPlayer({ shutdownTimeoutSeconds: 3600, powerSource: 3 });
    expect(riskCause(docked, ringing('cloud'), now)).toBeNull();
    expect(riskCause(makeWatchedPlayer(), ringing('cloud'), now)).toBeNull();
  });

  it('online unknown is not offline', () => {
    expect(riskCause(makeWatchedPlayer({ online: null }), ringing('player'), now)).toBeNull();
  });
});

describe('watchedPlayerFromConfig: a player from one config read', () => {
  const player = { deviceId: 'y23IBS76kCaOSrGlz29XhIFO', name: 'Bedroom Player' };
  const alarms = [makeDeviceAlarm()];

  it('a real v3 config: full, on USB-C, not charging, its own zone and timeout', () => {
    expect(watchedPlayerFromConfig({ player, config: CONFIG_V3, alarms })).toEqual({
      ...player,
      alarms,
      timeZone: 'America/Edmonton',
      online: true,
      powerSource: 2,
      charging: false,
      shutdownTimeoutSeconds: 3600,
      batteryPercent: 100,
    });
  });

  it('a real Mini on battery at 73 %', () => {
    const config = { device: { online: true, status: CONFIG_STATUS_MINI } };
    const watched = watchedPlayerFromConfig({ player, config, alarms: [] });
    expect([watched.batteryPercent, watched.powerSource, watched.charging, watched.timeZone]).toEqual([
      73,
      0,
      false,
      null,
    ]);
  });

  it('what the answer lacks or garbles is null: no risk can be read from it', () => {
    for (const config of [
      null,
      'x',
      { device: { status: { batteryLevel: 'lots' } } },
      { device: { status: { batteryLevel: 140 } } },
    ]) {
      const watched = watchedPlayerFromConfig({ player, config, alarms: [] });
      expect(watched.batteryPercent).toBeNull();
      expect(lowBatteryPercent(watched)).toBeNull();
    }
  });
});
