import { describe, expect, it } from 'vitest';
import {
  ARM_HORIZON_MS,
  PREPARE_SPREAD_MS,
  PREPARE_WINDOW_MS,
  RING_LEAD_MS,
} from '@playlist-alarms/core/cloud/alarm-firing';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { NO_SHARE, shareOf } from '@playlist-alarms/core/cloud/worker-roster';
import { newAlarmRow } from '../db/alarms-repository';
import type { DueAlarm } from '../db/firings-repository';
import { alarmBody } from '../../test/support/cloud-api';
import { ManualClock } from '../../test/support/manual-clock';
import { ArmedAlarms } from './armed-alarms';

const NOW = new Date('2026-11-30T06:55:00.000Z');
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const ZONE = 'Europe/London';

/** The parent whose alarms are on `player`, unless a test names another. */
const parentOf = (player: string) => `parent-of-${player}`;

/** An alarm row as a look loads it, as the API would store it, due at `at`. */
function due(id: string, player: string, at: string, parent = parentOf(player)): DueAlarm {
  const input = cloudAlarmCreateSchema.parse(alarmBody({ yoto_device_id: player }));
  return { ...newAlarmRow(parent, input, ZONE, NOW), id, next_fire_at: at, timezone: ZONE };
}

/** `parts`: each account's part by the roster, through its share (own when left out). */
function setup(parts: Record<string, 'own' | 'orphan' | 'other'> = {}) {
  const clock = new ManualClock(NOW);
  const fired: string[] = [];
  const prepared: string[][] = [];
  let watches = 0;
  const armed = new ArmedAlarms({
    clock,
    // The roster goes by the account's share, stored on the row (newAlarmRow writes it).
    roster: {
      partIn: (share) => Object.entries(parts).find(([account]) => shareOf(account) === share)?.[1] ?? 'own',
    },
    fire: (alarm) => fired.push(`${alarm.id}@${clock.now().toISOString()}`),
    watch: () => (watches += 1),
    prepare: (alarms) => prepared.push(alarms.map((alarm) => alarm.id)),
  });
  return { clock, armed, fired, prepared, watches: () => watches };
}

describe('ArmedAlarms: what a look of the alarm worker arms', () => {
  it('fires an own alarm the lead ahead of its instant, once, and prepares it once', async () => {
    const { clock, armed, fired, prepared } = setup();
    const alarm = due('a', 'bedroom', inMs(30_000));
    armed.arm([alarm], NOW);
    armed.arm([alarm], NOW);
    expect(armed.size).toBe(1);
    expect(prepared).toEqual([['a']]);
    await clock.advance(30_000 - RING_LEAD_MS - 1);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([`a@${inMs(30_000 - RING_LEAD_MS)}`]);
    expect(armed.size).toBe(0);
  });

  it('prepares alarms due within the prepare window, but arms only those within the minute', () => {
    const { armed, prepared } = setup();
    armed.arm([due('soon', 'bedroom', inMs(ARM_HORIZON_MS)), due('later', 'kitchen', inMs(4 * 60_000))], NOW);
    expect(armed.size).toBe(1);
    expect(prepared).toEqual([['soon'], ['later']]);
  });

  it("groups one player's alarms on one instant into one prepare", () => {
    const { armed, prepared } = setup();
    const at = inMs(120_000);
    armed.arm([due('a', 'bedroom', at), due('b', 'bedroom', at), due('c', 'kitchen', at)], NOW);
    expect(prepared).toEqual([['a', 'b'], ['c']]);
  });

  it('drops the timer of an alarm the next look no longer finds (edited, disabled, deleted)', async () => {
    const { clock, armed, fired } = setup();
    armed.arm([due('a', 'bedroom', inMs(20_000)), due('b', 'kitchen', inMs(20_000))], NOW);
    armed.arm([due('b', 'kitchen', inMs(20_000))], NOW);
    expect(armed.size).toBe(1);
    await clock.advance(20_000);
    expect(fired.map((line) => line.split('@')[0])).toEqual(['b']);
  });

  it('re-arms an alarm moved to another instant', async () => {
    const { clock, armed, fired } = setup();
    armed.arm([due('a', 'bedroom', inMs(20_000))], NOW);
    armed.arm([due('a', 'bedroom', inMs(50_000))], NOW);
    await clock.advance(60_000);
    expect(fired).toEqual([`a@${inMs(50_000 - RING_LEAD_MS)}`]);
  });

  it("neither arms nor prepares another replica's alarm, but watches its claim within the minute", async () => {
    const { clock, armed, fired, prepared, watches } = setup({ [parentOf('kitchen')]: 'other' });
    armed.arm([due('k', 'kitchen', inMs(40_000)), due('k2', 'kitchen', inMs(3 * 60_000))], NOW);
    expect(armed.size).toBe(0);
    expect(prepared).toEqual([]);
    await clock.advance(40_000 - RING_LEAD_MS);
    expect(watches()).toBe(1);
    expect(fired).toEqual([]);
  });

  it("watches the claims at the instants other replicas' alarms are due, within the minute, once each", async () => {
    const { clock, armed, fired, watches } = setup();
    const soon = inMs(30_000);
    armed.arm([], NOW, [soon, inMs(3 * 60_000)]);
    armed.arm([], NOW, [soon, inMs(3 * 60_000)]);
    expect(armed.size).toBe(0);
    await clock.advance(30_000 - RING_LEAD_MS - 1);
    expect(watches()).toBe(0);
    await clock.advance(1);
    expect(watches()).toBe(1);
    // The later instant is watched only once a look finds it within the minute.
    await clock.advance(3 * 60_000);
    expect(watches()).toBe(1);
    expect(fired).toEqual([]);
  });

  it('drops the watch of an instant the next look no longer lists (its alarms edited or claimed)', async () => {
    const { clock, armed, watches } = setup();
    armed.arm([], NOW, [inMs(30_000)]);
    armed.arm([], NOW, []);
    await clock.advance(60_000);
    expect(watches()).toBe(0);
  });

  it("arms an orphan (another's, overdue and unclaimed) without preparing it: its link opens at the ringing", async () => {
    const { clock, armed, fired, prepared } = setup({ [parentOf('kitchen')]: 'orphan' });
    armed.arm([due('k', 'kitchen', inMs(-4_000))], NOW);
    expect(prepared).toEqual([]);
    await clock.advance(0);
    expect(fired).toEqual([`k@${NOW.toISOString()}`]);
  });

  it("goes by the account: all of a family's players are one replica's (they share its MQTT session)", () => {
    const { armed, prepared } = setup({ 'family-a': 'other' });
    const at = inMs(120_000);
    armed.arm(
      [
        due('a1', 'bedroom', at, 'family-a'),
        due('a2', 'kitchen', at, 'family-a'),
        due('b1', 'nursery', at, 'family-b'),
      ],
      NOW,
    );
    expect(prepared).toEqual([['b1']]);
  });

  it('goes by the account for an alarm an older replica wrote without a share', () => {
    const { armed, prepared } = setup({ 'family-a': 'other' });
    const at = inMs(120_000);
    const unshared = (alarm: DueAlarm): DueAlarm => ({ ...alarm, share: NO_SHARE });
    armed.arm(
      [unshared(due('a1', 'bedroom', at, 'family-a')), unshared(due('b1', 'nursery', at, 'family-b'))],
      NOW,
    );
    expect(prepared).toEqual([['b1']]);
  });

  it("spreads a minute's prepares over the window's first 30 s, by account: a family's players together", () => {
    const { armed, prepared } = setup();
    // Forty families, two players each, all due when their window opens now.
    const at = inMs(PREPARE_WINDOW_MS);
    const alarms = Array.from({ length: 40 }, (_, i) => [
      due(`f${i}-a`, `f${i}-bedroom`, at, `family-${i}`),
      due(`f${i}-b`, `f${i}-kitchen`, at, `family-${i}`),
    ]).flat();
    const byLook: number[] = [];
    // A look every 5 s, as the worker's refresh.
    for (let ms = 0; ms <= PREPARE_SPREAD_MS; ms += 5_000) {
      armed.arm(alarms, new Date(NOW.getTime() + ms));
      byLook.push(prepared.length);
    }
    expect(byLook.at(-1)).toBe(80); // every player prepared within the spread
    expect(byLook[0]).toBeLessThan(40); // not all at the window's start
    const steps = byLook.map((count, i) => count - (byLook[i - 1] ?? 0));
    expect(steps.filter((step) => step > 0).length).toBeGreaterThanOrEqual(4);
    // A family's two players in the same look.
    const lookOf = new Map<string, number>();
    let look = 0;
    for (const [i, ids] of prepared.entries()) {
      while ((byLook[look] ?? Infinity) <= i) look += 1;
      lookOf.set(ids[0]!, look);
    }
    for (let i = 0; i < 40; i += 1) expect(lookOf.get(`f${i}-a`)).toBe(lookOf.get(`f${i}-b`));
  });

  it('prepares at once an alarm whose window opened more than 30 s ago (written late)', () => {
    const { armed, prepared } = setup();
    armed.arm([due('late', 'bedroom', inMs(PREPARE_WINDOW_MS - PREPARE_SPREAD_MS))], NOW);
    expect(prepared).toEqual([['late']]);
  });

  it('clear() cancels every timer and watch', async () => {
    const { clock, armed, fired, watches } = setup({ [parentOf('kitchen')]: 'other' });
    armed.arm([due('a', 'bedroom', inMs(20_000)), due('k', 'kitchen', inMs(20_000))], NOW);
    armed.clear();
    expect(armed.size).toBe(0);
    expect(clock.pending).toBe(0);
    await clock.advance(60_000);
    expect(fired).toEqual([]);
    expect(watches()).toBe(0);
  });
});
