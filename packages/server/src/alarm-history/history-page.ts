import type { Kysely } from 'kysely';
import {
  HISTORY_WINDOW_MS,
  byHistoryOrder,
  cloudEntryId,
  decodeHistoryCursor,
  deviceEntryId,
  encodeHistoryCursor,
  isAfterCursor,
} from '@playlist-alarms/core/cloud/alarm-history';
import type {
  HistoryAnswer,
  HistoryEntry,
  HistoryQuery,
} from '@playlist-alarms/core/cloud/alarm-history-schemas';
import { playMeetsSilenced } from '@playlist-alarms/core/alarms/observed-play';
import {
  cloudSilencedOfPlayer,
  firingsOfPlayer,
  playsOfPlayer,
  silencedRingingsOfPlayer,
} from '../db/alarm-history-repository';
import type { Database } from '../db/schema';

// One page of a player's alarm history (docs/decisions/alarm-history.md): its cloud firings, the
// cloud ringings a skip or pause passed over, its own alarms' silenced ringings and the plays of
// them a page saw, of the last 30 days, newest first, after the page's cursor. A play a page saw
// hides a silenced row of the same ringing: what was heard wins.

interface Sorted {
  dueAt: string;
  id: string;
  entry: HistoryEntry;
}

/** An entry with what the cursor orders by: its ringing's instant, then its alarm's id. */
const sorted = (id: string, entry: Omit<HistoryEntry, 'id'>): Sorted => ({
  dueAt: entry.due_at,
  id,
  entry: { id: `${id}@${entry.due_at}`, ...entry },
});

/** A ringing that was silenced (skipped or paused) never played, so nothing faded. */
const silencedEntry = (row: { alarm_name: string; due_at: string; outcome: HistoryEntry['outcome'] }) => ({
  alarm_name: row.alarm_name,
  due_at: row.due_at,
  outcome: row.outcome,
  played_at: null,
  faded: false,
});

export async function historyPage(
  db: Kysely<Database>,
  /** The caller: their own alarms' firings show, and the family's (see firingsOfPlayer). */
  userId: string,
  deviceId: string,
  query: HistoryQuery,
  now: Date,
): Promise<HistoryAnswer> {
  const since = new Date(now.getTime() - HISTORY_WINDOW_MS).toISOString();
  const cursor = query.before === undefined ? null : decodeHistoryCursor(query.before);
  const firings = (await firingsOfPlayer(db, userId, deviceId, since)).map((row) =>
    sorted(cloudEntryId(row.alarm_id), {
      source: 'cloud',
      alarm_name: row.alarm_name ?? row.alarm_name_now ?? '',
      alarm_type: row.alarm_type,
      due_at: row.due_at,
      outcome: row.outcome ?? 'in-progress',
      played_at: row.outcome === 'played' ? row.played_at : null,
      faded: row.faded === 1,
      alarm_deleted: row.alarm_still === null,
    }),
  );
  const passedOver = (await cloudSilencedOfPlayer(db, userId, deviceId, since)).map((row) =>
    sorted(cloudEntryId(row.alarm_id), {
      ...silencedEntry(row),
      source: 'cloud',
      alarm_type: row.alarm_type,
      alarm_deleted: row.alarm_still === null,
    }),
  );
  const playRows = await playsOfPlayer(db, deviceId, since);
  const plays = playRows.map((row) =>
    sorted(deviceEntryId(row.alarm), {
      source: 'device',
      alarm_name: row.alarm_name,
      alarm_type: null,
      due_at: row.due_at,
      outcome: 'played',
      played_at: row.started_at,
      faded: false,
      alarm_deleted: false,
    }),
  );
  const silencedRows = (await silencedRingingsOfPlayer(db, deviceId, since)).filter(
    (row) => !playRows.some((play) => playMeetsSilenced(play, row)),
  );
  const silenced = silencedRows.map((row) =>
    sorted(deviceEntryId(row.alarm), {
      ...silencedEntry(row),
      source: 'device',
      alarm_type: null,
      alarm_deleted: false,
    }),
  );
  const after = [...firings, ...passedOver, ...silenced, ...plays]
    .filter((row) => isAfterCursor(row, cursor))
    .sort(byHistoryOrder);
  const page = after.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => row.entry),
    next_before:
      after.length > query.limit && last !== undefined
        ? encodeHistoryCursor({ dueAt: last.dueAt, id: last.id })
        : null,
  };
}
