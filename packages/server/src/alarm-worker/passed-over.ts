import type { Kysely } from 'kysely';
import { HISTORY_WINDOW_MS } from '@playlist-alarms/core/cloud/alarm-history';
import { passedOverRows, recordCloudSilenced } from '../db/alarm-history-repository';
import { markedAlarms } from '../db/firings-repository';
import type { CloudAlarmRingingsTable, Database } from '../db/schema';

// A cloud alarm's ringings its skip or pause passed over (docs/decisions/alarm-history.md). The
// worker never claims them (next_fire_at steps over them), so nothing would tell the history; once
// such a ringing's time has come, the worker records it as skipped or paused. Every replica may
// record it: the row's primary key keeps one. An edit of the alarm records them too, before it
// moves the alarm's updated_at past them (recordPassedOverBeforeEdit).

/**
 * Records the ringings passed over up to `now`, looking back as far as the history shows (so a
 * replica that was down catches up); `seen` (per process) keeps it from writing a row twice.
 * Returns how many rows it wrote.
 */
export async function recordPassedOver(db: Kysely<Database>, now: Date, seen: Set<string>): Promise<number> {
  const since = new Date(now.getTime() - HISTORY_WINDOW_MS);
  const rows: CloudAlarmRingingsTable[] = [];
  for (const alarm of await markedAlarms(db, since)) {
    for (const row of passedOverRows(alarm, alarm.timezone, now)) {
      const key = `${row.alarm_id}@${row.due_at}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  if (seen.size > 10_000) seen.clear();
  return recordCloudSilenced(db, rows);
}
