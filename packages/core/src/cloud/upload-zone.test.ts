import { describe, expect, it } from 'vitest';
import type { Weekday } from '../shared/entities';
import { uploadZoneShift } from './upload-zone';

const EVERY_DAY: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const seven = { days: EVERY_DAY, hour: 7, minute: 0 };
const grandma = (now: Date, extra: Partial<Parameters<typeof uploadZoneShift>[0]> = {}) =>
  uploadZoneShift({
    alarm: seven,
    player: "Grandma's Player",
    playerZone: 'America/New_York',
    householdZone: 'Europe/London',
    now,
    ...extra,
  });

describe('what an upload does to a player alarm kept in another zone', () => {
  it('says a New York 07:00 would ring at 07:00 London time, 02:00 in New York, in winter', () => {
    // Wednesday 14 January 2026, noon UTC: both zones on standard time, five hours apart.
    const shift = grandma(new Date('2026-01-14T12:00:00Z'));
    expect(shift).toMatchObject({ householdTime: '07:00', playerTime: '02:00', playerDay: 'same' });
    expect(shift?.at.toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(shift?.text).toBe(
      "Grandma's Player keeps New York time; cloud alarms ring in London time, so this alarm would ring at 07:00 London time (02:00 in New York).",
    );
  });

  it('uses the four hours between the zones in the week New York has changed its clocks and London not yet', () => {
    // Monday 9 March 2026: New York is on EDT (UTC−4) since the 8th, London on GMT until the 29th.
    const shift = grandma(new Date('2026-03-09T12:00:00Z'));
    expect(shift?.at.toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(shift).toMatchObject({ householdTime: '07:00', playerTime: '03:00', playerDay: 'same' });
  });

  it('names the day before when the player’s clock is still on the previous day', () => {
    const shift = grandma(new Date('2026-01-14T12:00:00Z'), { alarm: { ...seven, hour: 2, minute: 30 } });
    expect(shift).toMatchObject({ householdTime: '02:30', playerTime: '21:30', playerDay: 'before' });
    expect(shift?.text).toContain('(21:30 the day before in New York)');
  });

  it('names the next day for a player east of the household', () => {
    const shift = uploadZoneShift({
      alarm: { ...seven, hour: 22, minute: 0 },
      player: 'Nursery',
      playerZone: 'Asia/Tokyo',
      householdZone: 'Europe/London',
      now: new Date('2026-01-14T12:00:00Z'),
    });
    expect(shift).toMatchObject({ householdTime: '22:00', playerTime: '07:00', playerDay: 'after' });
  });

  it('takes the next day the alarm rings, not today, for the instant', () => {
    // Wednesday 14 January; the alarm rings on Saturdays only.
    const shift = grandma(new Date('2026-01-14T12:00:00Z'), { alarm: { ...seven, days: ['saturday'] } });
    expect(shift?.at.toISOString()).toBe('2026-01-17T07:00:00.000Z');
  });

  it('still warns for an alarm with no day, at its next time', () => {
    const shift = grandma(new Date('2026-01-14T12:00:00Z'), { alarm: { ...seven, days: [] } });
    expect(shift?.playerTime).toBe('02:00');
  });

  it('says nothing when the zones match, read the same, or the player reports none', () => {
    const now = new Date('2026-01-14T12:00:00Z');
    expect(grandma(now, { householdZone: 'America/New_York' })).toBeNull();
    // Different names, the same clock in January.
    expect(grandma(now, { playerZone: 'Europe/Lisbon' })).toBeNull();
    expect(grandma(now, { playerZone: null })).toBeNull();
    expect(grandma(now, { playerZone: 'Not/AZone' })).toBeNull();
    expect(grandma(now, { householdZone: 'Not/AZone' })).toBeNull();
  });
});
