import { describe, expect, it } from 'vitest';
import { firingReceipt, receiptRefreshDelay, receiptTime, type FiringRecord } from './cloud-receipt';

const base: FiringRecord = {
  last_fired_at: '2026-11-24T07:00:00.000Z',
  last_outcome: 'played',
  last_outcome_at: '2026-11-24T07:00:00.234Z',
  device_name: 'Bedroom Player',
  yoto_device_id: 'demo-player-1',
};
const now = new Date('2026-11-24T09:00:00Z');

describe('cloud alarm receipt', () => {
  it('says when it played and where, to a tenth of a second, in the household’s zone', () => {
    expect(firingReceipt(base, 'UTC', now)).toEqual({
      text: 'Played 07:00:00.2 on Bedroom Player',
      ok: true,
    });
    expect(firingReceipt(base, 'Europe/Berlin', now)?.text).toBe('Played 08:00:00.2 on Bedroom Player');
  });

  it('says what the extras did: the fade, the sleep timer and the night light', () => {
    expect(firingReceipt({ ...base, alarm_type: 'wakeup', fade_in_minutes: 10 }, 'UTC', now)?.text).toBe(
      'Played 07:00:00.2 on Bedroom Player, faded in over 10 min',
    );
    const bedtime = { ...base, alarm_type: 'bedtime' as const, sleep_timer_minutes: 30, night_light: true };
    expect(firingReceipt(bedtime, 'UTC', now)?.text).toBe(
      'Played 07:00:00.2 on Bedroom Player, sleep timer 30 min, night light on',
    );
    expect(firingReceipt({ ...bedtime, last_outcome: 'failed' }, 'UTC', now)?.text).not.toMatch(
      /sleep timer/,
    );
  });

  it('puts the weekday in front when it was not today', () => {
    expect(receiptTime('2026-11-23T07:00:00.000Z', 'UTC', now)).toBe('Mon 07:00:00.0');
    // Today in New York is still the 24th at 09:00 UTC; 07:00 UTC was the 24th at 02:00 there.
    expect(receiptTime('2026-11-24T07:00:00.000Z', 'America/New_York', now)).toBe('02:00:00.0');
  });

  it('names the player by its id when the alarm has no device name', () => {
    expect(firingReceipt({ ...base, device_name: '' }, 'UTC', now)?.text).toBe(
      'Played 07:00:00.2 on demo-player-1',
    );
  });

  it('says why not for every other outcome, at the due time', () => {
    const texts = (['no-response', 'player-offline', 'failed', 'missed'] as const).map((outcome) =>
      firingReceipt(
        { ...base, last_outcome: outcome, last_outcome_at: '2026-11-24T07:00:10.000Z' },
        'UTC',
        now,
      ),
    );
    expect(texts).toEqual([
      { text: 'Sent to Bedroom Player at 07:00:00.0, but the player did not say it was playing', ok: false },
      { text: 'Not played: Bedroom Player was offline at 07:00:00.0', ok: false },
      { text: 'Not played: the start on Bedroom Player failed at 07:00:00.0', ok: false },
      { text: 'Missed at 07:00:00.0: the server was not running then', ok: false },
    ]);
  });

  it('says at once when the prepare window found the player off, with that time; and after the due time', () => {
    const noted = {
      ...base,
      last_outcome: 'player-offline' as const,
      last_outcome_at: '2026-11-24T06:55:05.300Z',
    };
    expect(firingReceipt(noted, 'UTC', new Date('2026-11-24T06:56:00Z'))).toEqual({
      text: "Bedroom Player was off at 06:55:05.3: the alarm due 07:00:00.0 can't ring unless someone switches it on",
      ok: false,
    });
    expect(firingReceipt(noted, 'Europe/Berlin', now)?.text).toBe(
      'Not played: Bedroom Player was off at 07:55:05.3 (due 08:00:00.0)',
    );
    // In the player's own clock when known, named when it is not the household's.
    expect(
      firingReceipt(noted, 'Europe/London', new Date('2026-11-24T06:56:00Z'), 'America/New_York')?.text,
    ).toBe(
      "Bedroom Player was off at 01:55:05.3 (New York time): the alarm due 02:00:00.0 can't ring unless someone switches it on",
    );
    expect(firingReceipt(noted, 'UTC', now, 'UTC')?.text).toBe(
      'Not played: Bedroom Player was off at 06:55:05.3 (due 07:00:00.0)',
    );
    expect(firingReceipt(noted, 'UTC', now, 'Not/AZone')?.text).toBe(
      'Not played: Bedroom Player was off at 06:55:05.3 (due 07:00:00.0)',
    );
  });

  it('is pending while the firing has no outcome yet, and absent before the first firing', () => {
    expect(firingReceipt({ ...base, last_outcome: null, last_outcome_at: null }, 'UTC', now)?.text).toBe(
      'Ringing on Bedroom Player (due 07:00:00.0)…',
    );
    expect(firingReceipt({ ...base, last_fired_at: null, last_outcome: null }, 'UTC', now)).toBeNull();
  });
});

describe('when the card asks again for a new receipt', () => {
  const alarm = { ...base, next_fire_at: '2026-11-25T07:00:00.000Z' };
  it('just after the next alarm’s receipt settles, within a day', () => {
    expect(receiptRefreshDelay([alarm], new Date('2026-11-25T06:59:00Z'))).toBe(60_000 + 12_000);
    // Before the prepare window: just after it checked the player (06:55:10).
    expect(receiptRefreshDelay([alarm], new Date('2026-11-25T06:50:00Z'))).toBe(5 * 60_000 + 10_000);
    expect(receiptRefreshDelay([alarm], new Date('2026-11-24T06:59:00Z'))).toBe(false);
    expect(receiptRefreshDelay([{ ...alarm, next_fire_at: null }], now)).toBe(false);
  });
  it('soon while a firing waits for its outcome', () => {
    expect(receiptRefreshDelay([{ ...alarm, last_outcome: null, last_outcome_at: null }], now)).toBe(2_000);
  });
});
