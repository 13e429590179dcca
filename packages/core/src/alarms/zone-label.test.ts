import { describe, expect, it } from 'vitest';
import { clocksDiffer, playerClockNote, timeWithPlace, zoneCity } from './zone-label';

describe('a readable place for a player’s zone', () => {
  it('is the city of the IANA name, with spaces', () => {
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('Europe/London')).toBe('London');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('America/Port-au-Prince')).toBe('Port-au-Prince');
  });
  it('keeps a zone that is no place as it is', () => {
    expect(zoneCity('UTC')).toBe('UTC');
    expect(zoneCity('Etc/GMT+5')).toBe('GMT+5');
  });
});

describe('where the player’s clock differs from the viewer’s', () => {
  const june = new Date('2026-06-10T12:00:00Z');
  const january = new Date('2026-01-10T12:00:00Z');
  it('compares the clocks at the instant, not the names', () => {
    expect(clocksDiffer('America/New_York', 'Asia/Tokyo', june)).toBe(true);
    expect(clocksDiffer('Europe/London', 'Europe/Lisbon', june)).toBe(false);
    expect(clocksDiffer('Europe/London', 'Europe/London', june)).toBe(false);
    // Same clock in winter, an hour apart in summer.
    expect(clocksDiffer('Europe/London', 'Africa/Abidjan', january)).toBe(false);
    expect(clocksDiffer('Europe/London', 'Africa/Abidjan', june)).toBe(true);
  });
  it('says the player’s place only where the clocks differ', () => {
    expect(timeWithPlace('07:00', 'America/New_York', 'Asia/Tokyo', june)).toBe('07:00 in New York');
    expect(timeWithPlace('07:00', 'America/New_York', 'America/Toronto', june)).toBe('07:00');
    expect(timeWithPlace('07:00', null, 'Asia/Tokyo', june)).toBe('07:00');
    expect(timeWithPlace('07:00', 'Nowhere/Else', 'Asia/Tokyo', june)).toBe('07:00');
  });
  it('notes whose clock a time being chosen is on, and what it reads now', () => {
    expect(playerClockNote('America/New_York', 'Asia/Tokyo', june)).toBe(
      "On the player's clock in New York, now 08:00",
    );
    expect(playerClockNote('America/New_York', 'America/Toronto', june)).toBeNull();
    expect(playerClockNote(null, 'Asia/Tokyo', june)).toBeNull();
  });
});
