import { describe, expect, it } from 'vitest';
import { MIN_SHUTDOWN_TIMEOUT_S, shutdownTimeoutMs } from './player-power';
import { playerHarness } from '../test/support/player-harness';
import type { HarnessOptions } from '../test/support/player-harness';

/** A seeded player (on battery) whose config switches it off after `seconds` idle. */
const withTimeout = (seconds: string, options: HarnessOptions = {}) =>
  playerHarness({
    ...options,
    settings: { rebootDelayMs: 2_000, ...options.settings },
    device: (d) => ({ ...d, config: { ...d.config, shutdownTimeout: seconds } }),
  });

describe('shutdownTimeout', () => {
  it('honours any value of 30 s or more, and counts shorter or unreadable ones as 30 s / the default', () => {
    expect(shutdownTimeoutMs('45')).toBe(45_000);
    expect(shutdownTimeoutMs('3600')).toBe(3_600_000);
    expect(shutdownTimeoutMs('0')).toBe(MIN_SHUTDOWN_TIMEOUT_S * 1000);
    expect(shutdownTimeoutMs('')).toBe(3_600_000);
    expect(shutdownTimeoutMs(undefined)).toBe(3_600_000);
  });
});

describe('a player switching itself off', () => {
  it('switches off after the config’s shutdownTimeout idle on battery: shutDown status, then offline presence', () => {
    const h = withTimeout('45');
    h.tick(44);
    expect(h.player.online).toBe(true);
    h.tick(1);
    const state = h.player.snapshot();
    expect(state).toMatchObject({ online: false, poweredOff: true, shutDownReason: 'timeout' });
    const topics = h.published.map((p) => p.topic);
    expect(topics).toEqual([h.topics.status, h.topics.presence]);
    expect(h.statuses().at(-1)).toMatchObject({ shutDown: 'timeout' });
    expect(h.published.at(-1)?.message).toEqual({ state: 'offline', ts: h.clock.now });
  });

  it('an app watching it (status and events requests every 30 s) does not keep it on', () => {
    const h = withTimeout('60');
    h.tickPolling(60);
    expect(h.player.snapshot()).toMatchObject({ poweredOff: true, shutDownReason: 'timeout' });
  });

  it('playing and using it keep it on; the idle time counts from the last use', () => {
    const h = withTimeout('30');
    h.command('card/start', { uri: `https://yoto.io/${h.card('Good Morning Songs').cardId}` });
    h.tick(120);
    expect(h.player.online).toBe(true);
    h.command('card/pause');
    h.tick(20);
    h.command('volume/set', { volume: 40 });
    h.tick(29);
    expect(h.player.online).toBe(true);
    h.tick(1);
    expect(h.player.snapshot().poweredOff).toBe(true);
  });

  it('stays on while docked, and counts from the moment it is taken off the dock', () => {
    const h = withTimeout('30');
    h.player.setPower({ powerSource: 1 });
    h.tick(300);
    expect(h.player.online).toBe(true);
    h.player.setPower({ powerSource: 0 });
    h.tick(29);
    expect(h.player.online).toBe(true);
    h.tick(1);
    expect(h.player.online).toBe(false);
  });

  it('cannot be reached while off: commands go nowhere', () => {
    const h = withTimeout('30');
    h.tick(30);
    h.clear();
    const heard = h.player.snapshot().commandsHeard;
    h.command('card/start', { uri: `https://yoto.io/${h.card('Good Morning Songs').cardId}` });
    h.command('status/request');
    expect(h.published).toEqual([]);
    expect(h.player.snapshot().commandsHeard).toBe(heard);
  });

  it('a button wakes it: it boots, says online, then sends its status and events', () => {
    const h = withTimeout('30');
    h.tick(30);
    h.clear();
    expect(h.player.pressButton('resume')).toBe(true);
    expect(h.player.snapshot()).toMatchObject({ poweredOff: false, rebooting: true, online: false });
    h.tick(2);
    expect(h.player.snapshot()).toMatchObject({ online: true, shutDownReason: null });
    const first = h.published[0];
    expect(first).toEqual({ topic: h.topics.presence, message: { state: 'online', ts: h.clock.now } });
    expect(h.statuses()).toHaveLength(1);
  });

  it('docking wakes it; a battery knob alone does not', () => {
    const h = withTimeout('30');
    h.tick(30);
    h.player.setPower({ batteryLevel: 60 });
    expect(h.player.snapshot().poweredOff).toBe(true);
    h.player.setPower({ powerSource: 3 });
    h.tick(2);
    expect(h.player.online).toBe(true);
  });

  it('a flat player says lowBattery, and a button does not wake it', () => {
    const h = playerHarness({ settings: { rebootDelayMs: 2_000 } });
    h.player.setPower({ batteryLevel: 0 });
    expect(h.statuses().at(-1)).toMatchObject({ shutDown: 'lowBattery' });
    expect(h.player.pressButton('resume')).toBe(false);
    expect(h.player.snapshot()).toMatchObject({ poweredOff: true, shutDownReason: 'lowBattery' });
  });

  it('the network going down and up is presence alone, no shutDown', () => {
    const h = withTimeout('3600');
    h.player.setOnline(false);
    h.player.setOnline(true);
    const presence = h.published.filter((p) => p.topic === h.topics.presence).map((p) => p.message.state);
    expect(presence).toEqual(['offline', 'online']);
    expect(h.statuses().some((s) => 'shutDown' in s)).toBe(false);
  });
});
