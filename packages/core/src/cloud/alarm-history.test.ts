import { describe, expect, it } from 'vitest';
import { byHistoryOrder, decodeHistoryCursor, encodeHistoryCursor, isAfterCursor } from './alarm-history';

describe('the history cursor', () => {
  it('round-trips an entry’s due instant and id, a player alarm’s string with commas and non-ASCII too', () => {
    const cursor = { dueAt: '2026-08-03T06:00:00.000Z', id: 'd:0700,1111100,card,ñ,1' };
    const text = encodeHistoryCursor(cursor);
    expect(text).toBe('2026-08-03T06:00:00.000Z~d%3A0700%2C1111100%2Ccard%2C%C3%B1%2C1');
    expect(decodeHistoryCursor(text)).toEqual(cursor);
  });

  it.each([
    ['no separator', '2026-08-03T06:00:00.000Z'],
    ['a bad instant', '2026-08-03~c%3Ax'],
    ['an impossible instant', '2026-02-30T06:00:00.000Z~c%3Ax'],
    ['an empty id', '2026-08-03T06:00:00.000Z~'],
    ['a broken escape', '2026-08-03T06:00:00.000Z~c%E0%A4%A'],
  ])('refuses %s', (_what, text) => {
    expect(decodeHistoryCursor(text)).toBeNull();
  });

  it('orders newest first, ties by id descending, and a page starts strictly after its cursor', () => {
    const a = { dueAt: '2026-08-03T06:00:00.000Z', id: 'c:b' };
    const b = { dueAt: '2026-08-03T06:00:00.000Z', id: 'c:a' };
    const c = { dueAt: '2026-08-02T06:00:00.000Z', id: 'd:z' };
    expect([c, b, a].sort(byHistoryOrder)).toEqual([a, b, c]);
    expect(isAfterCursor(b, a)).toBe(true);
    expect(isAfterCursor(a, a)).toBe(false);
    expect(isAfterCursor(a, b)).toBe(false);
    expect(isAfterCursor(c, b)).toBe(true);
    expect(isAfterCursor(a, null)).toBe(true);
  });
});
