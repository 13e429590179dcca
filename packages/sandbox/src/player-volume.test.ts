import { describe, expect, it } from 'vitest';
import { isNight, volumeForPercent, volumeLimitAt } from './player-volume';
import { playerHarness } from '../test/support/player-harness';
import type { PlayerHarness } from '../test/support/player-harness';

const config = { dayTime: '07:00', nightTime: '19:30', maxVolumeLimit: '13', nightMaxVolumeLimit: '8' };
const utcAt = (hours: number, minutes = 0) => Date.UTC(2025, 0, 6, hours, minutes);

describe("the limit by day and by night, on the player's own clock", () => {
  it('maxVolumeLimit from dayTime, nightMaxVolumeLimit from nightTime', () => {
    expect(volumeLimitAt(config, 'Europe/London', utcAt(6, 59))).toBe(8);
    expect(volumeLimitAt(config, 'Europe/London', utcAt(7, 0))).toBe(13);
    expect(volumeLimitAt(config, 'Europe/London', utcAt(19, 29))).toBe(13);
    expect(volumeLimitAt(config, 'Europe/London', utcAt(19, 30))).toBe(8);
  });
  it("reads the time in the player's zone: 12:00 UTC is 07:00 in New York, 03:00 in Los Angeles", () => {
    expect(volumeLimitAt(config, 'America/New_York', utcAt(12, 0))).toBe(13);
    expect(volumeLimitAt(config, 'America/New_York', utcAt(11, 59))).toBe(8);
    expect(volumeLimitAt(config, 'America/Los_Angeles', utcAt(12, 0))).toBe(8);
  });
  it('a night that starts before day in the clock (a night shift) and equal times (no night)', () => {
    const shifted = { dayTime: '20:00', nightTime: '08:00' };
    expect(isNight(shifted, 'UTC', utcAt(12))).toBe(true);
    expect(isNight(shifted, 'UTC', utcAt(21))).toBe(false);
    expect(isNight({ dayTime: '07:00', nightTime: '07:00' }, 'UTC', utcAt(3))).toBe(false);
  });
  it('volume/set is a percentage of 16, truncated to a step, within the limit', () => {
    expect(volumeForPercent(50, 16)).toBe(8);
    expect(volumeForPercent(30, 16)).toBe(4);
    expect(volumeForPercent(100, 8)).toBe(8);
    expect(volumeForPercent(-5, 8)).toBe(0);
  });
});

describe('a simulated player under its limit', () => {
  const limited = (maxVolumeLimit: string, nightMaxVolumeLimit: string) =>
    playerHarness({
      // On its dock, so the hours these tests skip don't switch it off; no alarms of its own to ring
      // (its weekday 07:00 would start a card at the morning switch).
      device: (d) => ({
        ...d,
        charging: true,
        config: { ...d.config, maxVolumeLimit, nightMaxVolumeLimit, alarms: [] },
      }),
    });
  let h: PlayerHarness;

  it('clamps volume/set to the day limit and reports the limit as volumeMax', () => {
    h = limited('8', '5');
    expect(h.player.snapshot()).toMatchObject({ volume: 8, volumeMax: 8 });
    h.command('volume/set', { volume: 100 });
    const utc = Math.floor(h.clock.now / 1000);
    expect(h.events().at(-1)).toEqual({ volume: 8, volumeMax: 8, eventUtc: utc });
    h.command('volume/set', { volume: 38 });
    expect(h.player.snapshot()).toMatchObject({ volume: 6, volumeMax: 8 });
  });

  it('at nightTime the night limit takes over, bringing the volume down with a delta; at dayTime it lifts', () => {
    h = limited('13', '5');
    h.command('volume/set', { volume: 75 });
    expect(h.player.snapshot()).toMatchObject({ volume: 12, volumeMax: 13 });
    // START is 09:00 in London; night begins at 19:30.
    h.clock.now = Date.UTC(2025, 0, 6, 19, 29, 59);
    h.command('events/request');
    h.clear();
    h.tick(1);
    expect(h.events()).toEqual([{ volume: 5, volumeMax: 5, eventUtc: Math.floor(h.clock.now / 1000) }]);
    h.command('volume/set', { volume: 100 });
    expect(h.player.snapshot()).toMatchObject({ volume: 5, volumeMax: 5 });
    h.clock.now = Date.UTC(2025, 0, 7, 6, 59, 59);
    h.command('events/request');
    h.clear();
    h.tick(1);
    expect(h.events()).toEqual([{ volume: 5, volumeMax: 13, eventUtc: Math.floor(h.clock.now / 1000) }]);
  });

  it('a config written with a lower limit applies within a second', () => {
    h = limited('16', '10');
    h.command('volume/set', { volume: 100 });
    h.device.config = { ...h.device.config, maxVolumeLimit: '8' };
    h.clear();
    h.tick(1);
    expect(h.events()).toEqual([{ volume: 8, volumeMax: 8, eventUtc: Math.floor(h.clock.now / 1000) }]);
  });
});
