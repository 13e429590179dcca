import { describe, expect, it } from 'vitest';
import { alarmVolumeForPlayer, firingOutcome, firingPlan, nextFireAfterFiring } from './alarm-firing';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const daily = (hour: number, minute: number) => ({ hour, minute, days: '1111111', is_enabled: true });

describe('firingPlan: ring when under 10 minutes late, else missed', () => {
  const due = new Date('2026-06-10T07:00:00Z');
  it('fires on time and up to just under 10 minutes late', () => {
    expect(firingPlan(due, due)).toBe('fire');
    expect(firingPlan(due, new Date('2026-06-10T07:09:59.999Z'))).toBe('fire');
  });
  it('is missed at 10 minutes late and beyond', () => {
    expect(firingPlan(due, new Date('2026-06-10T07:10:00Z'))).toBe('missed');
    expect(firingPlan(due, new Date('2026-06-12T07:00:00Z'))).toBe('missed');
  });
});

describe('nextFireAfterFiring: after the due time and after now, in the user’s zone', () => {
  it('moves a daily alarm to the next day', () => {
    const due = new Date('2026-06-10T06:00:00Z'); // 07:00 in London (BST)
    expect(iso(nextFireAfterFiring(daily(7, 0), due, due, 'Europe/London'))).toBe('2026-06-11T06:00:00.000Z');
  });
  it('a server down for days does not replay each missed day', () => {
    const due = new Date('2026-06-10T07:00:00Z');
    const now = new Date('2026-06-13T09:00:00Z');
    expect(iso(nextFireAfterFiring(daily(7, 0), due, now, 'UTC'))).toBe('2026-06-14T07:00:00.000Z');
  });
  it('a repeated local time (fall back) fires once: the next firing is the following day', () => {
    // London, 2026-10-25: 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    const first = new Date('2026-10-25T00:30:00Z');
    expect(iso(nextFireAfterFiring(daily(1, 30), first, first, 'Europe/London'))).toBe(
      '2026-10-26T01:30:00.000Z',
    );
  });
  it('a skipped local time (spring forward) fires at the jump, then at the usual time', () => {
    // London, 2026-03-29: 01:30 does not exist; the alarm rang at 01:00 UTC (02:00 BST).
    const jump = new Date('2026-03-29T01:00:00Z');
    expect(iso(nextFireAfterFiring(daily(1, 30), jump, jump, 'Europe/London'))).toBe(
      '2026-03-30T00:30:00.000Z',
    );
  });
  it('a disabled alarm has no next firing', () => {
    const due = new Date('2026-06-10T07:00:00Z');
    expect(nextFireAfterFiring({ ...daily(7, 0), is_enabled: false }, due, due, 'UTC')).toBeNull();
  });
});

describe('alarmVolumeForPlayer: stored 1–10 → volume/set 0–100 (value × 10)', () => {
  it.each([
    [1, 10],
    [7, 70],
    [10, 100],
  ])('%i → %i', (level, percent) => {
    expect(alarmVolumeForPlayer(level)).toBe(percent);
  });
});

describe('firingOutcome', () => {
  const seen = { connected: true, heardFromPlayer: true, playingCard: false, cardStartResponse: null };
  it('played when the events say the card plays', () => {
    expect(firingOutcome({ ...seen, playingCard: true })).toBe('played');
  });
  it('failed when the player refuses card/start', () => {
    expect(firingOutcome({ ...seen, cardStartResponse: 'FAIL' })).toBe('failed');
  });
  it('played when the player answers card/start with OK, even before its events say so', () => {
    expect(firingOutcome({ ...seen, cardStartResponse: 'OK' })).toBe('played');
  });
  it('no-response when the player was heard but never said it plays the card', () => {
    expect(firingOutcome(seen)).toBe('no-response');
  });
  it('player-offline when the link failed or the player said nothing at all', () => {
    expect(firingOutcome({ ...seen, connected: false })).toBe('player-offline');
    expect(firingOutcome({ ...seen, heardFromPlayer: false })).toBe('player-offline');
  });
});
