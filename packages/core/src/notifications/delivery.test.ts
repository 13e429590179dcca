import { describe, expect, it } from 'vitest';
import { deliveryDecision } from './delivery';
import { NOTIFICATION_KINDS, type ParentNotification } from './parent-notification';
import type { SentNotification } from './send-record';

const london = 'Europe/London';
const night = { start: '21:00', end: '07:00' };
const day = new Date('2026-06-10T12:00:00.000Z'); // 13:00 BST
const quietNight = new Date('2026-06-11T01:00:00.000Z'); // 02:00 BST
const atRisk: ParentNotification = {
  kind: 'alarm-at-risk',
  dedupKey: 'alarm-at-risk:p1:2026-06-10',
  title: "Tomorrow's alarm on Bedroom Player may not ring",
  body: 'Bedroom Player is at 12 % and not charging: the 07:00 alarm may not ring. Put it on its dock.',
  url: '/?view=devices&device=p1',
  deviceId: 'p1',
  alarmAt: '2026-06-11T06:00:00.000Z',
};
const parent = (sent: SentNotification[] = [], enabled = [...NOTIFICATION_KINDS]) => ({
  timeZone: london,
  quiet: night,
  enabled,
  sent,
});
const recent = (n: number): SentNotification[] =>
  Array.from({ length: n }, (_, i) => ({
    dedupKey: `k${i}`,
    deviceId: 'p1',
    sentAt: new Date(day.getTime() - (i + 1) * 60_000).toISOString(),
  }));

describe('deliveryDecision: switched off, sent before, stale, quiet hours, then the rate limit', () => {
  it('sends fresh news outside quiet hours', () => {
    expect(deliveryDecision(atRisk, day, parent())).toEqual({ action: 'send' });
  });

  it('drops a kind the parent switched off, and news already sent', () => {
    expect(deliveryDecision(atRisk, day, parent([], ['alarm-not-played']))).toEqual({
      action: 'drop',
      reason: 'switched-off',
    });
    const before = [{ dedupKey: atRisk.dedupKey, deviceId: 'p1', sentAt: '2026-06-10T11:00:00.000Z' }];
    expect(deliveryDecision(atRisk, day, parent(before))).toEqual({ action: 'drop', reason: 'duplicate' });
  });

  it('holds in quiet hours until they end; drops once the alarm is due', () => {
    expect(deliveryDecision(atRisk, quietNight, parent())).toEqual({
      action: 'hold',
      until: new Date('2026-06-11T05:00:00.000Z'), // an hour before the 07:00 BST alarm, before the 07:00 end
      reason: 'quiet-hours',
    });
    expect(deliveryDecision(atRisk, new Date('2026-06-11T06:00:00.000Z'), parent())).toEqual({
      action: 'drop',
      reason: 'stale',
    });
  });

  it('holds a rate-limited one until a place frees, or drops it if it is stale by then', () => {
    expect(deliveryDecision(atRisk, day, parent(recent(3)))).toEqual({
      action: 'hold',
      until: new Date(day.getTime() + 57 * 60_000),
      reason: 'rate-limited',
    });
    const soon = { ...atRisk, alarmAt: new Date(day.getTime() + 30 * 60_000).toISOString() };
    expect(deliveryDecision(soon, day, parent(recent(3)))).toEqual({ action: 'drop', reason: 'stale' });
  });
});
