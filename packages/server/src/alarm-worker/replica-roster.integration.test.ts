import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { ORPHAN_GRACE_MS, ownerOf } from '@playlist-alarms/core/cloud/worker-roster';
import { createAlarm } from '../db/alarms-repository';
import { beatRoster } from '../db/worker-leases-repository';
import { claimFiring } from '../db/firing-claims-repository';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { useWorkerFleet, type WorkerProcess } from '../../test/support/worker-fleet';

// The worker roster on a hand-driven clock and a real database (both dialects): with several
// replicas each account's alarms are prepared, armed and rung by one of them, and an account whose
// replica died without leaving the roster is rung by another once its alarm is overdue. Here each
// player has a parent of its own (`parentOf`), so the players spread over the replicas.

const START = new Date('2026-06-10T06:54:00.000Z'); // the alarms are at 07:00 UTC
const DUE = '2026-06-10T07:00:00.000Z';
const PLAYERS = Array.from({ length: 30 }, (_, i) => `player-${i}`);
/** The parent of `player-i`, whose account the roster gives to a replica. */
const parentOf = (player: string) => `auth0|roster-${player.replace('player-', '')}`;

describeOnDatabases('alarm worker roster', (open) => {
  const fleet = useWorkerFleet(open, START);
  const { spawn } = fleet;
  /** One 07:00 alarm for each player, each of its own parent. */
  const seed = async () => {
    for (const player of PLAYERS) {
      const body = alarmBody({ hour: 7, minute: 0, days: '1111111', yoto_device_id: player });
      await createAlarm(
        fleet.test.db,
        parentOf(player),
        cloudAlarmCreateSchema.parse(body),
        fleet.clock.now(),
      );
    }
  };

  it('three replicas prepare, arm and ring each player on one of them, each player once', async () => {
    await seed();
    const replicas = [
      spawn(fleet.test.db),
      spawn(fleet.test.connectAgain()),
      spawn(fleet.test.connectAgain()),
    ];
    // 06:54: six minutes ahead, before the prepare window; every replica's first look lists all three.
    await Promise.all(replicas.map((p) => p.worker.start()));
    const ids = replicas.map((p) => p.worker.id);
    await fleet.clock.advance(330_000); // 06:59:30: inside the prepare window and the arm horizon
    const armed = replicas.map((p) => p.worker.armedCount);
    expect(armed.reduce((a, b) => a + b, 0)).toBe(PLAYERS.length);
    for (const [i, p] of replicas.entries()) {
      const own = PLAYERS.filter((player) => ownerOf(parentOf(player), ids) === ids[i]);
      expect(armed[i]).toBe(own.length);
      expect(p.ringer.prepared.map((x) => x.deviceId).sort()).toEqual([...own].sort());
    }
    expect(Math.max(...armed)).toBeLessThan(PLAYERS.length); // shared, not all on one

    await fleet.clock.advance(40_000); // 07:00:10
    const rings = replicas.flatMap((p) => p.ringer.rings);
    expect(rings.map((r) => r.deviceId).sort()).toEqual([...PLAYERS].sort());
    expect(new Set(rings.map((r) => r.at))).toEqual(new Set([DUE]));
    for (const [i, p] of replicas.entries()) {
      for (const ring of p.ringer.rings) expect(ownerOf(parentOf(ring.deviceId), ids)).toBe(ids[i]);
    }
  });

  it("each replica's look loads the alarms of its own shares, not the fleet's", async () => {
    await seed();
    const loaded = [new Set<string>(), new Set<string>()];
    const [a, b] = loaded.map((players) =>
      spawn(fleet.test.connectAgain().withPlugin(recordingLoadedPlayers(players))),
    ) as [WorkerProcess, WorkerProcess];
    await Promise.all([a.worker.start(), b.worker.start()]);
    // Both listed, every look from now on asks for its own shares.
    await fleet.clock.advance(5_000);
    for (const players of loaded) players.clear();
    await fleet.clock.advance(325_000); // 06:59:30: every alarm within the window
    const ids = [a.worker.id, b.worker.id];
    for (const [i, players] of loaded.entries()) {
      const own = PLAYERS.filter((player) => ownerOf(parentOf(player), ids) === ids[i]);
      expect(own.length).toBeGreaterThan(0);
      expect([...players].sort()).toEqual([...own].sort());
    }
    expect(a.worker.armedCount + b.worker.armedCount).toBe(PLAYERS.length);
  });

  it('a replica that stops leaves the roster: the others take its players at their next look', async () => {
    await seed();
    const [a, b] = [spawn(fleet.test.db), spawn(fleet.test.connectAgain())];
    await Promise.all([a.worker.start(), b.worker.start()]);
    await fleet.clock.advance(5_000);
    expect(a.worker.armedCount + b.worker.armedCount).toBe(0); // nothing within the minute yet
    await a.worker.stop();
    await fleet.clock.advance(325_000); // 06:59:30
    expect(b.worker.armedCount).toBe(PLAYERS.length);
    await fleet.clock.advance(40_000);
    expect(b.ringer.rings.map((r) => r.at)).toEqual(PLAYERS.map(() => DUE));
    expect(a.ringer.rings).toEqual([]);
  });

  it("a dead replica's players (its row not yet lapsed) ring from another once overdue by the grace", async () => {
    await seed();
    // A replica that said it is alive for the next hour, then died: no worker behind the row.
    await beatRoster(fleet.test.db, 'worker-dead', START, new Date(START.getTime() + 3_600_000));
    const live = spawn(fleet.test.db);
    await live.worker.start();
    const ids = [live.worker.id, 'worker-dead'].sort();
    const orphans = PLAYERS.filter((player) => ownerOf(parentOf(player), ids) === 'worker-dead');
    expect(orphans.length).toBeGreaterThan(0);
    expect(orphans.length).toBeLessThan(PLAYERS.length);
    await fleet.clock.advance(370_000); // 07:00:10
    const { rings, prepared } = live.ringer;
    expect(rings.map((r) => r.deviceId).sort()).toEqual([...PLAYERS].sort());
    expect(prepared.map((p) => p.deviceId).sort()).toEqual(
      PLAYERS.filter((p) => !orphans.includes(p)).sort(),
    );
    const late = (r: { at: string }) => Date.parse(r.at) - Date.parse(DUE);
    for (const ring of rings) {
      if (orphans.includes(ring.deviceId)) {
        // Found by the first 5 s look after the grace.
        expect(late(ring)).toBeGreaterThanOrEqual(ORPHAN_GRACE_MS);
        expect(late(ring)).toBeLessThanOrEqual(ORPHAN_GRACE_MS + 5_000);
      } else {
        expect(late(ring)).toBe(0);
      }
    }
  });

  it("watches another replica's claim: a lease its owner leaves lapsing is taken over within a tick, not at the next look", async () => {
    const player = PLAYERS[0]!;
    const body = alarmBody({ hour: 7, minute: 0, days: '1111111', yoto_device_id: player });
    const alarm = await createAlarm(
      fleet.test.db,
      parentOf(player),
      cloudAlarmCreateSchema.parse(body),
      fleet.clock.now(),
    );
    // Started 2.5 s after the minute's grid: its looks fall at 06:59:57.5 and 07:00:02.5.
    await fleet.clock.advance(2_500);
    const live = spawn(fleet.test.db);
    // A replica that owns the player says it is alive for the next hour. The live worker's id is
    // random, and outranks any one name half the time: the first of enough names that wins it.
    // (64 names were not enough: 1 run in 50 found none, and the live worker rang the player.)
    const dead = ownerOfAccountBesides(parentOf(player), live.worker.id);
    await beatRoster(fleet.test.db, dead, START, new Date(START.getTime() + 3_600_000));
    await live.worker.start();
    await fleet.clock.advance(Date.parse(DUE) - 2_400 - fleet.clock.now().getTime()); // 06:59:57.6
    expect(live.worker.armedCount).toBe(0);
    // The owner claims now, with its 2 s lease, and dies: no look of the live replica sees the
    // lease running, and the next one (07:00:02.5) would find it lapsed 3 s late.
    const claimed = await claimFiring(fleet.test.db, {
      alarmId: alarm.id,
      alarm,
      dueAt: DUE,
      nextFireAt: '2026-06-11T07:00:00.000Z',
      claimedBy: dead,
      at: fleet.clock.now().toISOString(),
      leaseUntil: new Date(fleet.clock.now().getTime() + 2_000).toISOString(),
    });
    expect(claimed).toBe(true);
    await fleet.clock.advance(10_000);
    expect(live.ringer.rings.map((r) => r.deviceId)).toEqual([player]);
    // It watched from the owner's claim time on: taken over at the first lease tick after the lapse.
    expect(Date.parse(live.ringer.rings[0]!.at) - Date.parse(DUE)).toBeLessThanOrEqual(500);
  });
});

/** A replica id that owns `account` against `other` (a search that fails 1 time in 100,000). */
function ownerOfAccountBesides(account: string, other: string): string {
  for (let n = 0; n < 100_000; n += 1) {
    const id = `worker-dead-${n}`;
    if (ownerOf(account, [other, id]) === id) return id;
  }
  throw new Error(`no replica id outranks ${other} for ${account}`);
}

/**
 * A plugin that adds to `players` the player of every alarm row a look's query returns (the rows
 * of the worker's due-alarm queries, which carry the owner's time zone).
 */
function recordingLoadedPlayers(players: Set<string>): KyselyPlugin {
  return {
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      for (const row of args.result.rows) {
        if ('timezone' in row && typeof row.yoto_device_id === 'string') players.add(row.yoto_device_id);
      }
      return Promise.resolve(args.result);
    },
  };
}
