import { sql, type Expression, type Kysely } from 'kysely';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { skipPauseState } from '@playlist-alarms/core/alarms/skip-pause';
import { NO_SHARE } from '@playlist-alarms/core/cloud/worker-roster';
import { receiptOf, writeReceipt, type FiringSeen } from './firing-receipts-repository';
import type { AlarmsTable, Database } from './schema';

// The alarm worker's storage: which alarms are due, the claim of one firing, its receipt.
// Unlike alarms-repository, these queries span users: only the worker and the cron routes call
// them, and what leaves through the cron routes is counts.

type Db = Kysely<Database>;

/** An enabled alarm with its owner's time zone, as the worker schedules it. */
export type DueAlarm = AlarmsTable & { timezone: string | null; next_fire_at: string };

/** Enabled alarms, each with its owner's time zone: what the worker's queries start from. */
const enabledAlarmsWithZone = (db: Db) =>
  db
    .selectFrom('alarms')
    .leftJoin('users', 'users.yoto_user_id', 'alarms.yoto_user_id')
    .selectAll('alarms')
    .select('users.timezone')
    .where('alarms.is_enabled', '=', 1);

/** The worker pass's query (the benchmark explains it): enabled alarms due by `until`, earliest first. */
export function dueAlarmsQuery(db: Db, until: Date, limit = 1000) {
  return enabledAlarmsWithZone(db)
    .where('alarms.next_fire_at', 'is not', null)
    .where('alarms.next_fire_at', '<=', until.toISOString())
    .orderBy('alarms.next_fire_at')
    .limit(limit);
}

/**
 * Enabled alarms whose next_fire_at is at or before `until`, earliest first; only those of
 * `shares` when given (a replica's own: docs/decisions/worker-roster.md).
 */
export async function findDueAlarms(
  db: Db,
  until: Date,
  limit = 1000,
  shares?: readonly number[],
): Promise<DueAlarm[]> {
  if (shares?.length === 0) return [];
  const query = dueAlarmsQuery(db, until, limit);
  // An alarm an older replica wrote has no share yet: every replica reads it (shareOfAlarm).
  const rows = await (
    shares === undefined ? query : query.where('alarms.share', 'in', [...shares, NO_SHARE])
  ).execute();
  return rows.filter((row): row is DueAlarm => row.next_fire_at !== null);
}

/**
 * The instants at which enabled alarms are due after `after`, up to `until`, earliest first: when
 * the other replicas will claim (the worker watches their claims without loading their alarms).
 *
 * A zone waking at 07:00 puts its whole minute on one instant, so `SELECT DISTINCT` would walk every
 * alarm of it in the index: 180,000 entries, 9 ms a look and replica, at a million alarms. This asks
 * the index for the first instant after the last one found, once per instant (a loose index scan,
 * which PostgreSQL 15 does not do by itself): 0.4 ms at that size, about 1 ms from Node (docs/scale.md,
 * "The look per share"). Alarms ring on whole minutes, so a minute's window holds one or two instants.
 */
export async function findDueInstants(db: Db, after: Date, until: Date): Promise<string[]> {
  const rows = await dueInstantsQuery(db, after, until).execute();
  return rows.map((row) => row.at);
}

/** findDueInstants' query, apart so that a test can read its plan. */
export function dueInstantsQuery(db: Db, after: Date, until: Date) {
  const end = until.toISOString();
  // Kysely types a column named in the CTE's name as any; `at` is an instant, and not null here.
  return db
    .withRecursive('instants(at)', (creator) =>
      creator.selectNoFrom(nextInstantAfter(db, after.toISOString(), end).as('at')).unionAll((eb) =>
        eb
          .selectFrom('instants')
          .select(nextInstantAfter(db, sql.ref<string>('instants.at'), end).as('at'))
          .where('instants.at', 'is not', null),
      ),
    )
    .selectFrom('instants')
    .select('at')
    .where('at', 'is not', null)
    .$castTo<{ at: string }>();
}

/** The earliest enabled alarm's instant after `from`, up to `end`: one probe of the partial index. */
const nextInstantAfter = (db: Db, from: string | Expression<string>, end: string) =>
  db
    .selectFrom('alarms')
    .select('alarms.next_fire_at')
    .where('alarms.is_enabled', '=', 1)
    .where('alarms.next_fire_at', '>', from)
    .where('alarms.next_fire_at', '<=', end)
    .orderBy('alarms.next_fire_at')
    .limit(1);

/**
 * Enabled alarms whose skip or pause may have passed over a ringing since `since` (a skipped
 * instant since then, or a pause not over before it; a pause's last date is local, so a day's
 * margin), with the owner's zone. Marks are not cleared once inert, so the bound keeps this small.
 */
export async function markedAlarms(db: Db, since: Date) {
  const sinceDate = new Date(since.getTime() - 24 * 3_600_000).toISOString().slice(0, 10);
  return enabledAlarmsWithZone(db)
    .where((eb) =>
      eb.or([
        eb('alarms.skip_until', '>=', since.toISOString()),
        eb('alarms.paused_through', '>=', sinceDate),
      ]),
    )
    .execute();
}

/**
 * The prepare window found the player off, minutes before `dueAt`: the alarm's receipt says so at
 * once ("the player was off at 06:55") rather than at the due time. Only while that firing is
 * still ahead and unclaimed (next_fire_at is `dueAt`); nothing is claimed, so the firing is still
 * tried at its time. True when the note was written.
 */
export async function recordOfflineAtPrepare(
  db: Db,
  alarmId: string,
  dueAt: string,
  at: string,
): Promise<boolean> {
  const noted = await db
    .updateTable('alarms')
    .set({ last_fired_at: dueAt, last_outcome: 'player-offline', last_outcome_at: at })
    .where('id', '=', alarmId)
    .where('is_enabled', '=', 1)
    .where('next_fire_at', '=', dueAt)
    .executeTakeFirst();
  return Number(noted.numUpdatedRows) > 0;
}

/**
 * The firing's receipt, on the firing and on the alarm (unless a later firing already shows).
 * True when this call wrote it: a firing already settled (by the sweep, its claimant, or a replica
 * that took it over) keeps its. With `onlyIfNoLeaseAt`, only while no lease runs at that instant
 * (the sweep never settles a firing someone is ringing). One statement on PostgreSQL
 * (firing-receipts-repository.ts); the worker batches its own (alarm-worker/receipt-batcher.ts).
 */
export async function recordOutcome(
  db: Db,
  alarmId: string,
  dueAt: string,
  outcome: FiringOutcome,
  at: string,
  detail: string | null = null,
  seen?: FiringSeen,
  onlyIfNoLeaseAt?: string,
): Promise<boolean> {
  return writeReceipt(
    db,
    await receiptOf(db, at, { alarmId, dueAt, outcome, detail }, seen, onlyIfNoLeaseAt),
  );
}

export async function findFiring(db: Db, alarmId: string, dueAt: string) {
  const row = await db
    .selectFrom('alarm_firings')
    .selectAll()
    .where('alarm_id', '=', alarmId)
    .where('due_at', '=', dueAt)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Settles as failed a firing nobody can finish (docs/decisions/firing-leases.md: a lapsed lease ten
 * minutes late, or a claim from before leases left two minutes), only while no lease runs on it, so
 * a replica that took it over a moment ago finishes it instead. Of replicas settling at once, one
 * writes (the receipt's conditional update): it gets the alarm (null: deleted since) to tell of it,
 * the others null.
 */
export async function settleOpenFiring(
  db: Db,
  firing: { alarm_id: string; due_at: string; lease_until: string | null },
  now: Date,
): Promise<{ alarm: (AlarmsTable & { timezone: string | null }) | null } | null> {
  const at = now.toISOString();
  const detail =
    firing.lease_until === null
      ? 'the process firing it stopped'
      : 'the process firing it stopped, and no other could take it over within 10 minutes';
  const noSeen = { playedAt: null, faded: false };
  const won = await recordOutcome(db, firing.alarm_id, firing.due_at, 'failed', at, detail, noSeen, at);
  return won ? { alarm: await findAlarmWithZone(db, firing.alarm_id) } : null;
}

/** Alarms, enabled or not, each with its owner's time zone. */
const alarmsWithZone = (db: Db) =>
  db
    .selectFrom('alarms')
    .leftJoin('users', 'users.yoto_user_id', 'alarms.yoto_user_id')
    .selectAll('alarms')
    .select('users.timezone');

/** An alarm with its owner's time zone, enabled or not (null: deleted). */
export async function findAlarmWithZone(
  db: Db,
  alarmId: string,
): Promise<(AlarmsTable & { timezone: string | null }) | null> {
  return (await alarmsWithZone(db).where('alarms.id', '=', alarmId).executeTakeFirst()) ?? null;
}

/** Counts for /api/cron/status: no ids, no user data. */
export async function firingStats(db: Db, now: Date) {
  const nextDue = await db
    .selectFrom('alarms')
    .select((eb) => eb.fn.min('next_fire_at').as('next'))
    .where('is_enabled', '=', 1)
    .executeTakeFirst();
  const enabled = await db
    .selectFrom('alarms')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_enabled', '=', 1)
    .executeTakeFirstOrThrow();
  const dueSoon = await db
    .selectFrom('alarms')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_enabled', '=', 1)
    .where('next_fire_at', '<=', new Date(now.getTime() + 60_000).toISOString())
    .executeTakeFirstOrThrow();
  const byOutcome = await db
    .selectFrom('alarm_firings')
    .select(['outcome', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('claimed_at', '>=', new Date(now.getTime() - 24 * 3_600_000).toISOString())
    .groupBy('outcome')
    .execute();
  // Few alarms carry a mark, and whether a pause still holds depends on the owner's zone: read them.
  const marked = await db
    .selectFrom('alarms')
    .leftJoin('users', 'users.yoto_user_id', 'alarms.yoto_user_id')
    .select(['alarms.skip_until', 'alarms.paused_through', 'users.timezone'])
    .where('alarms.is_enabled', '=', 1)
    .where((eb) =>
      eb.or([eb('alarms.skip_until', '>', now.toISOString()), eb('alarms.paused_through', 'is not', null)]),
    )
    .execute();
  const states = marked.map((row) => skipPauseState(row, now, effectiveTimeZone(row.timezone))?.kind);
  return {
    skipped: states.filter((kind) => kind === 'skipped').length,
    paused: states.filter((kind) => kind === 'paused').length,
    nextDueAt: nextDue?.next ?? null,
    enabledAlarms: Number(enabled.count),
    dueWithinMinute: Number(dueSoon.count),
    last24h: byOutcome.map((row) => ({ outcome: row.outcome, count: Number(row.count) })),
  };
}

/** The caller's alarm with the owner's time zone (for the trigger route); null when not theirs. */
export async function findAlarmToFire(
  db: Db,
  userId: string,
  id: string,
): Promise<(AlarmsTable & { timezone: string | null }) | null> {
  const row = await alarmsWithZone(db)
    .where('alarms.yoto_user_id', '=', userId)
    .where('alarms.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
