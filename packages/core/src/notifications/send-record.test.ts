import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PER_PARENT_PER_DAY,
  PER_PLAYER_PER_HOUR,
  SENT_RECORD_KEEP_MS,
  keptRecords,
  sendDecision,
  sentRecord,
  type SentNotification,
} from './send-record';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = new Date('2026-06-10T20:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const sent = (dedupKey: string, deviceId: string, msAgo: number): SentNotification => ({
  dedupKey,
  deviceId,
  sentAt: ago(msAgo),
});
const news = { dedupKey: 'alarm-at-risk:p1:2026-06-10', deviceId: 'p1' };

describe('dedup: each piece of news once', () => {
  it('a key sent before is a duplicate, however long ago it is still on record', () => {
    expect(sendDecision(news, now, [sent(news.dedupKey, 'p1', 30 * HOUR)])).toEqual({
      send: false,
      reason: 'duplicate',
    });
    expect(sendDecision(news, now, [sent('alarm-at-risk:p1:2026-06-09', 'p1', 24 * HOUR)])).toEqual({
      send: true,
    });
  });

  it('the record of a send carries its key, player and time', () => {
    expect(sentRecord(news, now)).toEqual({ ...news, sentAt: '2026-06-10T20:00:00.000Z' });
  });

  it('records are kept two days: older ones may be forgotten', () => {
    expect(SENT_RECORD_KEEP_MS).toBe(48 * HOUR);
    const records = [sent('a', 'p1', 47 * HOUR), sent('b', 'p1', 48 * HOUR)];
    expect(keptRecords(records, now).map((r) => r.dedupKey)).toEqual(['a']);
  });
});

describe('rate limit: 3 per player in any hour, 12 per parent in any 24 hours', () => {
  it('the numbers', () => {
    expect([PER_PLAYER_PER_HOUR, PER_PARENT_PER_DAY]).toEqual([3, 12]);
  });

  it('a fourth about one player within the hour waits until the oldest of the three is an hour old', () => {
    const three = [
      sent('x1', 'p1', 50 * MINUTE),
      sent('x2', 'p1', 20 * MINUTE),
      sent('x3', 'p1', 5 * MINUTE),
    ];
    expect(sendDecision(news, now, three)).toEqual({
      send: false,
      reason: 'rate-limited',
      retryAt: new Date(now.getTime() + 10 * MINUTE),
    });
    expect(sendDecision(news, now, three.slice(1))).toEqual({ send: true });
    // Another player's hour is its own.
    expect(sendDecision({ ...news, deviceId: 'p2' }, now, three)).toEqual({ send: true });
    // A record exactly an hour old has left the hour.
    expect(sendDecision(news, now, [sent('x0', 'p1', HOUR), ...three.slice(1)])).toEqual({ send: true });
  });

  it('a thirteenth to the parent within 24 hours waits, across players', () => {
    const day = Array.from({ length: 12 }, (_, i) => sent(`k${i}`, `p${i}`, (23 - i) * HOUR));
    expect(sendDecision({ ...news, deviceId: 'p99' }, now, day)).toEqual({
      send: false,
      reason: 'rate-limited',
      retryAt: new Date(now.getTime() + HOUR),
    });
    expect(sendDecision({ ...news, deviceId: 'p99' }, now, day.slice(1))).toEqual({ send: true });
  });

  it('property: a refusal’s retryAt is the first moment the limits allow it', () => {
    const record = fc.record({
      dedupKey: fc.uuid(),
      deviceId: fc.constantFrom('p1', 'p2', 'p3'),
      sentAt: fc.integer({ min: 0, max: 30 * HOUR }).map((msAgo) => ago(msAgo)),
    });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 30 }),
        fc.constantFrom('p1', 'p2', 'p3'),
        (records, deviceId) => {
          const item = { dedupKey: 'fresh', deviceId };
          const decision = sendDecision(item, now, records);
          const count = (at: Date, windowMs: number, only?: string) =>
            records.filter((r) => {
              const t = Date.parse(r.sentAt);
              return (
                (only === undefined || r.deviceId === only) &&
                t > at.getTime() - windowMs &&
                t <= at.getTime()
              );
            }).length;
          const allowed = (at: Date) =>
            count(at, HOUR, deviceId) < PER_PLAYER_PER_HOUR && count(at, 24 * HOUR) < PER_PARENT_PER_DAY;
          expect(decision.send).toBe(allowed(now));
          if (decision.send || decision.reason !== 'rate-limited') return;
          expect(allowed(decision.retryAt)).toBe(true);
          expect(allowed(new Date(decision.retryAt.getTime() - 1))).toBe(false);
        },
      ),
    );
  });
});
