import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './accounts';
import { deviceConfigSchema } from './device-config';
import { seedHousehold } from './seed-household';

describe('seedHousehold', () => {
  it('is deterministic', () => {
    expect(seedHousehold()).toEqual(seedHousehold());
  });

  it('keeps library and other-family ids stable whatever the number of own playlists', () => {
    const small = seedHousehold(7);
    const large = seedHousehold(500);
    const notOwnDemo = (h: ReturnType<typeof seedHousehold>) =>
      [...h.cards.values()]
        .filter((c) => !(c.mine && c.familyId === ACCOUNTS.demo.familyId))
        .map((c) => c.cardId);
    expect(notOwnDemo(large)).toEqual(notOwnDemo(small));
    expect(
      [...large.cards.values()].filter((c) => c.mine && c.familyId === ACCOUNTS.demo.familyId),
    ).toHaveLength(500);
  });

  it('holds the special cases the app must handle', () => {
    const cards = [...seedHousehold().cards.values()];
    const own = cards.filter((c) => c.mine && c.familyId === ACCOUNTS.demo.familyId);
    expect(own.filter((c) => c.cover === null)).toHaveLength(1);
    expect(own.filter((c) => !c.readable)).toHaveLength(1);
    expect(own.some((c) => c.category === undefined)).toBe(true);
    expect(own.some((c) => c.category === 'none')).toBe(true);
    for (const c of cards) expect(c.duration).toBe(c.chapters.reduce((sum, ch) => sum + ch.duration, 0));
  });

  it('gives every player a valid config whose alarms point at playable family cards', () => {
    const household = seedHousehold();
    for (const device of household.devices.values()) {
      expect(deviceConfigSchema.safeParse(device.config).success).toBe(true);
      for (const alarm of device.config.alarms) {
        const card = household.cards.get(alarm.split(',')[2] ?? '');
        expect(card?.familyId).toBe(device.familyId);
      }
    }
  });

  it('seeds alarm strings shaped as real players store them: empty chapter and track, some with six fields', () => {
    const alarms = [...seedHousehold().devices.values()].flatMap((device) => device.config.alarms);
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(parseAlarm(alarm, 0).ok).toBe(true);
      expect(alarm.split(',').slice(3, 5)).toEqual(['', '']);
    }
    expect(alarms.some((alarm) => alarm.split(',').length === 6)).toBe(true);
  });

  it('keeps the family at home in London and Grandma’s Player in New York', () => {
    const zones = (household: ReturnType<typeof seedHousehold>) =>
      Object.fromEntries([...household.devices.values()].map((d) => [d.name, d.geoTimezone]));
    expect(zones(seedHousehold())).toMatchObject({
      'Bedroom Player': 'Europe/London',
      'Playroom Mini': 'Europe/London',
      "Grandma's Player": 'America/New_York',
    });
    // Another home zone moves the family's own players, never Grandma's.
    expect(zones(seedHousehold(42, 'Asia/Tokyo'))).toMatchObject({
      'Bedroom Player': 'Asia/Tokyo',
      'Playroom Mini': 'Asia/Tokyo',
      "Grandma's Player": 'America/New_York',
    });
    expect(() => seedHousehold(42, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('refuses a playlist count outside 7–10,000', () => {
    expect(() => seedHousehold(3)).toThrow(RangeError);
    expect(() => seedHousehold(10_001)).toThrow(RangeError);
  });
});
