import { describe, expect, it } from 'vitest';
import { powerKnobSchema } from './player-battery';
import { playerHarness } from '../test/support/player-harness';

// Rates of 3600 % per hour are 1 % per second: a few ticks show each rule.
const fast = { batteryDrainPerHour: 3600, batteryChargePerHour: 3600, rebootDelayMs: 2_000 };

describe('simulated player battery', () => {
  it('drains only while playing on battery power', () => {
    const h = playerHarness({ settings: fast });
    h.tick(10);
    expect(h.player.snapshot().battery).toEqual({
      level: 87,
      exactLevel: 87,
      charging: false,
      powerSource: 0,
    });
    h.command('card/start', { uri: `https://yoto.io/${h.card('Good Morning Songs').cardId}` });
    h.tick(10);
    expect(h.player.snapshot().battery.level).toBe(77);
    h.command('card/pause');
    h.tick(10);
    expect(h.player.snapshot().battery.level).toBe(77);
    expect(h.player.apiStatus()).toMatchObject({
      batteryLevelPercentage: 77,
      isCharging: false,
      powerSource: 0,
    });
  });

  it('drains by the default rate a little at a time', () => {
    const h = playerHarness();
    h.command('card/start', { uri: `https://yoto.io/${h.card('Good Morning Songs').cardId}` });
    h.tick(3);
    // Reported levels round up: a few seconds of playback show no loss yet.
    expect(h.player.snapshot().battery).toMatchObject({ level: 87, charging: false });
    expect(h.player.snapshot().battery.exactLevel).toBeLessThan(87);
    h.tick(297);
    // 12 % per hour: 1 % in 5 minutes.
    expect(h.player.snapshot().battery.exactLevel).toBeCloseTo(86, 5);
  });

  it('charges on a dock up to full, then no longer reports charging', () => {
    const h = playerHarness({ settings: fast });
    h.player.setPower({ powerSource: 1, batteryLevel: 95 });
    h.command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ charging: 1, batteryLevel: 95 });
    h.tick(3);
    expect(h.player.snapshot().battery).toMatchObject({ level: 98, charging: true, powerSource: 1 });
    expect(h.player.apiStatus()).toMatchObject({
      isCharging: true,
      powerSource: 1,
      batteryLevelPercentage: 98,
    });
    h.tick(5);
    expect(h.player.snapshot().battery).toMatchObject({ level: 100, charging: false, powerSource: 1 });
  });

  it('takes charging alone as USB-C or battery only', () => {
    const h = playerHarness();
    h.player.setPower({ charging: true });
    expect(h.player.snapshot().battery).toMatchObject({ powerSource: 2, charging: true });
    h.player.setPower({ powerSource: 3 });
    h.player.setPower({ charging: true });
    expect(h.player.snapshot().battery.powerSource).toBe(3);
    h.player.setPower({ charging: false });
    expect(h.player.snapshot().battery).toMatchObject({ powerSource: 0, charging: false });
    expect(powerKnobSchema.safeParse({ charging: true, powerSource: 0 }).success).toBe(false);
    expect(powerKnobSchema.safeParse({ batteryLevel: 101 }).success).toBe(false);
    expect(powerKnobSchema.safeParse({ powerSource: 4 }).success).toBe(false);
  });

  it('shuts down when the battery runs flat and boots once docked', () => {
    const h = playerHarness({ settings: fast });
    h.player.setPower({ batteryLevel: 2 });
    h.command('card/start', { uri: `https://yoto.io/${h.card('Good Morning Songs').cardId}` });
    h.tick(2);
    expect(h.player.snapshot()).toMatchObject({
      online: false,
      poweredOff: true,
      playbackStatus: 'stopped',
      battery: { level: 0 },
    });
    expect(h.player.apiStatus()).toMatchObject({ isOnline: false, batteryLevelPercentage: 0 });
    expect(h.player.pressButton('resume')).toBe(false);
    h.player.setOnline(true);
    expect(h.player.online).toBe(false);

    h.player.setPower({ powerSource: 3 });
    expect(h.player.snapshot()).toMatchObject({ poweredOff: false, rebooting: true, online: false });
    h.tick(2);
    expect(h.player.snapshot()).toMatchObject({
      rebooting: false,
      online: true,
      battery: { charging: true },
    });
  });

  it('shuts down at once when the knob empties the battery off the dock', () => {
    const h = playerHarness();
    h.player.setPower({ batteryLevel: 0 });
    expect(h.player.snapshot()).toMatchObject({ online: false, poweredOff: true });
  });
});
