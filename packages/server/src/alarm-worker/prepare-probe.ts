import type { Kysely } from 'kysely';
import { recordOfflineAtPrepare, type DueAlarm } from '../db/firings-repository';
import type { Database } from '../db/schema';
import type { WorkerClock } from './clock';
import type { Ringer } from './ringer';

interface PrepareProbeDeps {
  db: Kysely<Database>;
  clock: WorkerClock;
  ringer: Ringer;
  /** Told when the probe finds a player off before these alarms (push notifications). */
  onOfflineAtPrepare?: (alarms: readonly DueAlarm[], offlineAt: Date) => Promise<void>;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/**
 * The prepare window, for one player's alarms at one instant: opens the player's link and asks it to
 * answer. A player that does not has switched itself off (or left the network), and the server cannot
 * wake it: the receipt says so now, minutes ahead, while a parent can still switch it on. The firing
 * still goes ahead at the due time, in case someone does.
 */
export async function probeBeforeAlarms(deps: PrepareProbeDeps, alarms: readonly DueAlarm[]): Promise<void> {
  const [first] = alarms;
  if (first === undefined) return;
  const found = await deps.ringer.prepare(first.yoto_user_id, first.yoto_device_id);
  if (found !== 'offline') return;
  const offlineAt = deps.clock.now();
  const at = offlineAt.toISOString();
  const noted: DueAlarm[] = [];
  for (const alarm of alarms) {
    if (await recordOfflineAtPrepare(deps.db, alarm.id, alarm.next_fire_at, at)) {
      noted.push(alarm);
      deps.log('warn', `alarm ${alarm.id} due ${alarm.next_fire_at}: the player was off at ${at}`);
    }
  }
  if (deps.onOfflineAtPrepare !== undefined && noted.length > 0) {
    await deps
      .onOfflineAtPrepare(noted, offlineAt)
      .catch((error: unknown) =>
        deps.log('error', `notifying that ${first.yoto_device_id} is off failed: ${String(error)}`),
      );
  }
}
