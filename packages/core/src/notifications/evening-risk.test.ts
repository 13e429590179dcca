import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENING_FROM_HOUR, eveningRiskCheck, isEvening, tomorrowMorning } from './evening-risk';
import { wallClock } from '../alarms/local-time';
import { makeCloudAlarm, makeDeviceAlarm, makeWatchedPlayer } from '../../test/fixtures/builders';
import { RUNS, anyInstant, zoneArb } from '../../test/support/dst-arbitraries';

const london = 'Europe/London';
const everyDay = '1111111';
// Wednesday 10 June 2026, 20:00 in London (BST).
const evening = new Date('2026-06-10T19:00:00.000Z');
const lowPlayer = makeWatchedPlayer({ batteryPercent: 12 });
const sevenOclock = makeCloudAlarm({ id: 'a1', hour: 7, minute: 0, days: everyDay });

// Hundreds of property runs: under a busy machine they may take longer than Vitest's 5 s default.
describe(
  'the evening check: tomorrow morning’s alarms whose player may let them down',
  { timeout: 30_000 },
  () => {
    it('the battery example, word for word', () => {
      const news = eveningRiskCheck({
        now: evening,
        timeZone: london,
        players: [lowPlayer],
        cloudAlarms: [sevenOclock],
      });
      expect(news).toEqual([
        {
          kind: 'alarm-at-risk',
          dedupKey: 'alarm-at-risk:p1:2026-06-10',
          title: "Tomorrow's alarm on Bedroom Player may not ring",
          body: 'Bedroom Player is at 12 % and not charging: the 07:00 alarm may not ring. Put it on its dock.',
          url: '/?view=devices&device=p1',
          deviceId: 'p1',
          alarmAt: '2026-06-11T06:00:00.000Z',
        },
      ]);
    });

    it('evening starts at 19:00 on the household’s clock and lasts to midnight', () => {
      const check = (iso: string) =>
        eveningRiskCheck({
          now: new Date(iso),
          timeZone: london,
          players: [lowPlayer],
          cloudAlarms: [sevenOclock],
        });
      expect(check('2026-06-10T17:59:00.000Z')).toEqual([]); // 18:59 BST
      expect(check('2026-06-10T18:00:00.000Z')).toHaveLength(1); // 19:00 BST
      expect(check('2026-06-10T22:59:00.000Z')[0]?.alarmAt).toBe('2026-06-11T06:00:00.000Z'); // 23:59 BST
      expect(check('2026-06-10T23:00:00.000Z')).toEqual([]); // 00:00 BST, the next day
    });

    it('tomorrow morning is 00:00 to before 12:00: an alarm at 00:00 and at 11:59 counts, at 12:00 or tonight not', () => {
      const at = (hour: number, minute: number) =>
        eveningRiskCheck({
          now: evening,
          timeZone: london,
          players: [lowPlayer],
          cloudAlarms: [makeCloudAlarm({ hour, minute, days: everyDay })],
        }).map((n) => n.alarmAt);
      expect(at(0, 0)).toEqual(['2026-06-10T23:00:00.000Z']);
      expect(at(11, 59)).toEqual(['2026-06-11T10:59:00.000Z']);
      expect(at(12, 0)).toEqual([]);
      expect(at(22, 0)).toEqual([]);
    });

    it('only alarms on the day after: a Thursday alarm on Wednesday evening, not a Friday one', () => {
      const player = makeWatchedPlayer({
        online: false,
        alarms: [
          makeDeviceAlarm({ id: 'alarm_0', days: ['friday'] }),
          makeDeviceAlarm({ id: 'alarm_1', days: ['thursday'], time: '06:45', hour: 6, minute: 45 }),
        ],
      });
      const news = eveningRiskCheck({ now: evening, timeZone: london, players: [player], cloudAlarms: [] });
      expect(news.map((n) => [n.alarmAt, n.body])).toEqual([
        [
          '2026-06-11T05:45:00.000Z',
          'Bedroom Player is off or offline: the 06:45 alarm may not ring. Switch it on and check its WiFi.',
        ],
      ]);
    });

    it('one notification per player, naming its first alarm at risk', () => {
      // A 06:00 player alarm survives the switch-off; the 07:00 cloud alarm does not.
      const player = makeWatchedPlayer({
        shutdownTimeoutSeconds: 3600,
        alarms: [makeDeviceAlarm({ days: ['thursday'], time: '06:00', hour: 6, minute: 0 })],
      });
      const later = makeCloudAlarm({ id: 'a2', hour: 8, minute: 0, days: everyDay });
      const news = eveningRiskCheck({
        now: evening,
        timeZone: london,
        players: [player],
        cloudAlarms: [later, sevenOclock],
      });
      expect(news.map((n) => n.body)).toEqual([
        'Bedroom Player switches itself off after 1 hour without use on battery: the 07:00 alarm may not ring. Put it on its dock.',
      ]);
    });

    it('each player by its own facts; a cloud alarm on an unknown player is passed over', () => {
      const fine = makeWatchedPlayer({ deviceId: 'p2', name: 'Kitchen', batteryPercent: 90 });
      const news = eveningRiskCheck({
        now: evening,
        timeZone: london,
        players: [lowPlayer, fine],
        cloudAlarms: [
          sevenOclock,
          { ...sevenOclock, id: 'a2', yoto_device_id: 'p2' },
          { ...sevenOclock, id: 'a3', yoto_device_id: 'gone' },
        ],
      });
      expect(news.map((n) => n.deviceId)).toEqual(['p1']);
    });

    it('the same news all evening has one key; the next evening another', () => {
      const keys = ['2026-06-10T18:00:00.000Z', '2026-06-10T22:30:00.000Z', '2026-06-11T18:00:00.000Z'].map(
        (iso) =>
          eveningRiskCheck({
            now: new Date(iso),
            timeZone: london,
            players: [lowPlayer],
            cloudAlarms: [sevenOclock],
          })[0]?.dedupKey,
      );
      expect(keys).toEqual([
        'alarm-at-risk:p1:2026-06-10',
        'alarm-at-risk:p1:2026-06-10',
        'alarm-at-risk:p1:2026-06-11',
      ]);
    });

    it('the evening before the clocks go forward: an alarm in the skipped hour rings at the jump, and counts', () => {
      // London springs forward on Sunday 29 March 2026 at 01:00 UTC (01:00 GMT becomes 02:00 BST).
      const news = eveningRiskCheck({
        now: new Date('2026-03-28T20:00:00.000Z'),
        timeZone: london,
        players: [lowPlayer],
        cloudAlarms: [makeCloudAlarm({ hour: 1, minute: 30, days: everyDay })],
      });
      expect(news.map((n) => n.alarmAt)).toEqual(['2026-03-29T01:00:00.000Z']);
      // Noon on that day is 11:00 UTC: an alarm at 11:30 BST is before it, 12:00 BST is not.
      expect(tomorrowMorning(new Date('2026-03-28T20:00:00.000Z'), london)).toEqual({
        from: new Date('2026-03-29T00:00:00.000Z'),
        until: new Date('2026-03-29T11:00:00.000Z'),
      });
    });

    it('the evening before the clocks go back: the morning is 13 hours long, a repeated time rings once', () => {
      // London falls back on Sunday 25 October 2026 at 01:00 UTC (02:00 BST becomes 01:00 GMT).
      const now = new Date('2026-10-24T19:00:00.000Z');
      expect(tomorrowMorning(now, london)).toEqual({
        from: new Date('2026-10-24T23:00:00.000Z'),
        until: new Date('2026-10-25T12:00:00.000Z'),
      });
      const news = eveningRiskCheck({
        now,
        timeZone: london,
        players: [lowPlayer],
        cloudAlarms: [makeCloudAlarm({ hour: 1, minute: 30, days: everyDay })],
      });
      expect(news.map((n) => n.alarmAt)).toEqual(['2026-10-25T00:30:00.000Z']);
    });

    it('a zone whose midnight is skipped (Santiago): tomorrow starts when the clocks jump', () => {
      // Chile springs forward on Sunday 6 September 2026: 00:00 becomes 01:00 (04:00 UTC).
      expect(tomorrowMorning(new Date('2026-09-05T23:00:00.000Z'), 'America/Santiago').from).toEqual(
        new Date('2026-09-06T04:00:00.000Z'),
      );
    });

    it('property: news only in the evening, each about an alarm from tomorrow’s 00:00 to before 12:00', () => {
      fc.assert(
        fc.property(zoneArb, anyInstant, fc.integer({ min: 0, max: 23 }), (zone, nowMs, hour) => {
          const now = new Date(nowMs);
          const news = eveningRiskCheck({
            now,
            timeZone: zone,
            players: [lowPlayer],
            cloudAlarms: [makeCloudAlarm({ hour, minute: 0, days: everyDay })],
          });
          const local = wallClock(now, zone);
          expect(isEvening(now, zone)).toBe(local.hour >= EVENING_FROM_HOUR);
          if (!isEvening(now, zone)) expect(news).toEqual([]);
          const { from, until } = tomorrowMorning(now, zone);
          for (const n of news) {
            const at = Date.parse(n.alarmAt ?? '');
            expect(at).toBeGreaterThanOrEqual(from.getTime());
            expect(at).toBeLessThan(until.getTime());
          }
          // A daily alarm before noon rings tomorrow morning: the evening always tells it.
          if (isEvening(now, zone) && hour < 12) expect(news).toHaveLength(1);
          // Tomorrow's date on the household's clock.
          const tomorrow = wallClock(new Date(from.getTime() + 60_000), zone);
          expect(new Date(Date.UTC(tomorrow.year, tomorrow.month, tomorrow.day)).getTime()).toBe(
            Date.UTC(local.year, local.month, local.day + 1),
          );
        }),
        RUNS,
      );
    });
  },
);
