import { describe, expect, it } from 'vitest';
import { playerHarness } from '../test/support/player-harness';
import { MAX_RANG, alarmRingingAt } from './player-alarms';

// The harness starts on Monday 6 January 2025 at 09:00 UTC: 09:00 in London, 04:00 in New York.
const AT_0901 = Date.UTC(2025, 0, 6, 9, 1, 0);

/** A docked player (the idle switch-off stays out of the way) keeping `alarms`. */
function withAlarms(alarms: (cardId: string) => string[], deviceId = 'demo-player-1') {
  const probe = playerHarness({ deviceId });
  const cardId = probe.card('Good Morning Songs').cardId;
  const h = playerHarness({
    deviceId,
    device: (d) => ({ ...d, charging: true, config: { ...d.config, alarms: alarms(cardId) } }),
  });
  return { h, cardId };
}

describe('a simulated player rings its own alarms', () => {
  it('at an enabled alarm’s minute: the alarm’s volume, its card playing, told in events, kept in rang', () => {
    const { h, cardId } = withAlarms((card) => [`1111111,0901,${card},,,5,1`]);
    h.tick(59);
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'stopped', rang: [] });
    h.tick(1);
    expect(h.player.snapshot()).toMatchObject({
      playbackStatus: 'playing',
      cardId,
      volume: 5,
      source: 'remote',
      rang: [
        {
          alarm: `1111111,0901,${cardId},,,5,1`,
          cardId,
          volume: 5,
          at: new Date(AT_0901).toISOString(),
          started: true,
        },
      ],
    });
    expect(h.events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ volume: 5 }),
        expect.objectContaining({ playbackStatus: 'playing' }),
      ]),
    );
    // Once in its minute: the next seconds of 09:01 ring nothing more.
    h.tick(30);
    expect(h.player.snapshot().rang).toHaveLength(1);
  });

  it('an alarm that is off, or set for another day, stays silent (a skipped alarm is switched off)', () => {
    const { h } = withAlarms((card) => [`1111111,0901,${card},,,5,0`, `0111111,0902,${card},,,5,1`]);
    h.tick(180);
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'stopped', rang: [] });
  });

  it('rings on its own clock (New York), and while its network is down, but not switched off', () => {
    const { h } = withAlarms(
      (card) => [`1111111,0401,${card},,,4,1`, `1111111,0901,${card},,,4,1`],
      'demo-player-3',
    );
    h.player.setOnline(false);
    h.tick(60);
    expect(h.player.snapshot().rang.map((r) => r.alarm)).toEqual([expect.stringContaining(',0401,')]);

    // A player that has switched itself off (flat battery) rings nothing.
    const off = withAlarms((card) => [`1111111,0901,${card},,,4,1`]).h;
    off.player.setPower({ batteryLevel: 0, powerSource: 0 });
    off.tick(60);
    expect(off.player.snapshot()).toMatchObject({ poweredOff: true, rang: [] });
  });

  it('a config write takes effect for the next minute: an alarm switched back on rings', () => {
    const { h, cardId } = withAlarms((card) => [`1111111,0902,${card},,,5,0`]);
    h.tick(60);
    h.device.config = { ...h.device.config, alarms: [`1111111,0902,${cardId},,,5,1`] };
    h.tick(60);
    expect(h.player.snapshot().rang).toMatchObject([{ at: '2025-01-06T09:02:00.000Z' }]);
  });
});

describe('alarmRingingAt', () => {
  it('reads six-field alarms as on, skips unreadable strings, and falls back to UTC for a bad zone', () => {
    const now = Date.UTC(2025, 0, 6, 9, 1, 0);
    expect(alarmRingingAt(['nonsense', '1111111,0901,c,,,4'], 'Europe/London', now)?.raw).toBe(
      '1111111,0901,c,,,4',
    );
    expect(alarmRingingAt(['1111111,0901,c,,,4,1'], 'Not/AZone', now)?.cardId).toBe('c');
    expect(alarmRingingAt(['1111111,0901,c,,,4,1'], 'America/New_York', now)).toBeNull();
  });

  it('the state keeps the last MAX_RANG ringings', () => {
    const minutes = Array.from({ length: MAX_RANG + 2 }, (_, i) => String(i + 1).padStart(2, '0'));
    const { h } = withAlarms((card) => minutes.map((m) => `1111111,09${m},${card},,,3,1`));
    h.tick(minutes.length * 60);
    const { rang } = h.player.snapshot();
    expect(rang).toHaveLength(MAX_RANG);
    expect(rang[0]?.at).toBe('2025-01-06T09:03:00.000Z');
    expect(rang.at(-1)?.at).toBe(`2025-01-06T09:${minutes.at(-1) ?? ''}:00.000Z`);
  });
});
