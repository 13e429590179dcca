import { describe, expect, it } from 'vitest';
import { playerHarness } from '../test/support/player-harness';
import type { PlayerHarness } from '../test/support/player-harness';

const OK_TO_WAKE = {
  dayTime: '07:00',
  nightTime: '19:00',
  ambientColour: '#22c55e',
  nightAmbientColour: '#b34700',
  maxVolumeLimit: '12',
  nightMaxVolumeLimit: '6',
};

/** A player with the OK-to-wake settings, on its dock so the hours these tests skip don't switch it off. */
const okToWake = (deviceId = 'demo-player-1') =>
  playerHarness({
    deviceId,
    device: (d) => ({ ...d, charging: true, volume: 10, config: { ...d.config, ...OK_TO_WAKE } }),
  });

/**
 * Moves the player's clock to just before `utc` and lets one second pass, so it crosses that
 * instant, with an app watching (an events request just before, as the app's poll makes).
 */
function crossTo(h: PlayerHarness, utc: number): void {
  h.clock.now = utc - 1000;
  h.command('events/request');
  h.tick(1);
}

const rgb = (hex: string) => ({
  r: parseInt(hex.slice(1, 3), 16),
  g: parseInt(hex.slice(3, 5), 16),
  b: parseInt(hex.slice(5, 7), 16),
});

describe('a simulated player switches at dayTime and nightTime, on its own clock', () => {
  it('at nightTime: night mode, the stay in bed colour, the night limit, told in events and status', () => {
    const h = okToWake();
    expect(h.player.snapshot()).toMatchObject({ night: false, volume: 10, volumeMax: 12 });
    crossTo(h, Date.UTC(2025, 0, 6, 18, 59, 59));
    expect(h.player.snapshot().night).toBe(false);
    crossTo(h, Date.UTC(2025, 0, 6, 19, 0, 0));
    expect(h.player.snapshot()).toMatchObject({
      night: true,
      ambient: rgb('#b34700'),
      nightlightMode: '#b34700',
      volume: 6,
      volumeMax: 6,
    });
    expect(h.events().at(-1)).toMatchObject({ volume: 6, volumeMax: 6 });
    h.command('events/request');
    h.command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ day: 0, nightlightMode: '#b34700' });
  });

  it('at dayTime: day mode, the time to get up colour, the day limit', () => {
    const h = okToWake();
    crossTo(h, Date.UTC(2025, 0, 6, 20, 0, 0));
    h.clear();
    crossTo(h, Date.UTC(2025, 0, 7, 7, 0, 0));
    expect(h.player.snapshot()).toMatchObject({
      night: false,
      ambient: rgb('#22c55e'),
      nightlightMode: '#22c55e',
      volumeMax: 12,
    });
    h.command('events/request');
    expect(h.events().at(-1)).toMatchObject({ volumeMax: 12 });
    h.command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ day: 1, nightlightMode: '#22c55e' });
  });

  it("keeps its own zone's time: Grandma's Player in New York switches five hours after London", () => {
    const h = okToWake('demo-player-3');
    h.player.setOnline(true);
    crossTo(h, Date.UTC(2025, 0, 6, 19, 0, 0));
    expect(h.player.snapshot().night).toBe(false);
    crossTo(h, Date.UTC(2025, 0, 7, 0, 0, 0));
    expect(h.player.snapshot()).toMatchObject({ night: true, nightlightMode: '#b34700' });
  });

  it('a config write that moves nightTime to now takes effect at once, before the next second', () => {
    const h = okToWake();
    h.clear();
    // 09:00 in London: night from 09:00 starts now.
    h.device.config = { ...h.device.config, nightTime: '09:00', dayTime: '15:00' };
    h.player.configChanged();
    expect(h.player.snapshot()).toMatchObject({ night: true, nightlightMode: '#b34700', volumeMax: 6 });
    expect(h.events()).toEqual([expect.objectContaining({ volume: 6, volumeMax: 6 })]);
  });

  it('a new limit for the part of the day it is in takes effect at once too', () => {
    const h = okToWake();
    h.device.config = { ...h.device.config, maxVolumeLimit: '4' };
    h.player.configChanged();
    expect(h.player.snapshot()).toMatchObject({ night: false, volume: 4, volumeMax: 4 });
  });

  it('a Mini switches mode and limit, and has no light to change', () => {
    const h = okToWake('demo-player-2');
    const before = h.player.snapshot();
    crossTo(h, Date.UTC(2025, 0, 6, 19, 0, 0));
    expect(h.player.snapshot()).toMatchObject({
      night: true,
      volumeMax: 6,
      ambient: before.ambient,
      nightlightMode: before.nightlightMode,
    });
  });
});
