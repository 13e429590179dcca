import type { Kysely } from 'kysely';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { takeOverStep } from '@playlist-alarms/core/cloud/firing-lease';
import type { OpenFiringRow } from '../db/firing-leases-repository';
import { findAlarmWithZone, recordOutcome } from '../db/firings-repository';
import type { AlarmsTable, Database } from '../db/schema';
import type { WorkerClock } from './clock';
import { ringRequestOf } from './ring-request';
import type { Ringer } from './ringer';

// A firing this process has just taken over from a holder that died (docs/decisions/firing-leases.md):
// before anything is sent, the player is asked what it plays. Playing (or loading) the card the
// claimant rang means the first card/start got there: the receipt says played and nothing goes out.
// Otherwise it rings as the claimant would have (the alarm as it is now: an edit since the claim
// wins, as nothing of the claim reached the player). An alarm deleted since is not rung.

interface TakeOverDeps {
  db: Kysely<Database>;
  clock: WorkerClock;
  ringer: Pick<Ringer, 'nowPlaying' | 'finishExtras'>;
  /** Rings the alarm as its claimant would have, and records the receipt. */
  ring: (alarm: AlarmsTable) => Promise<unknown>;
  /** A receipt this call wrote, for the listener. */
  told: (alarm: AlarmsTable, outcome: FiringOutcome) => void;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export async function finishTakenOver(deps: TakeOverDeps, firing: OpenFiringRow): Promise<void> {
  const { db, clock, ringer, log } = deps;
  const what = `alarm ${firing.alarm_id} due ${firing.due_at}`;
  log('warn', `firing of ${what}: its holder stopped; taken over`);
  const alarm = await findAlarmWithZone(db, firing.alarm_id);
  const step = await askPlayer(ringer, firing, alarm);
  if (alarm === null) {
    const detail =
      step === 'record-played'
        ? 'taken over after its process stopped: the player was already playing the card; the alarm was deleted since'
        : 'taken over after its process stopped; the alarm was deleted since';
    const outcome = step === 'record-played' ? 'played' : 'failed';
    await recordOutcome(db, firing.alarm_id, firing.due_at, outcome, clock.now().toISOString(), detail);
    return;
  }
  if (step === 'ring') {
    await deps.ring(alarm);
    return;
  }
  // The holder may have died before the extras: sent again (a sleep timer or night light set twice
  // is the same one; a fade starts over).
  const request = ringRequestOf(alarm, firing.due_at);
  const extras = await ringer.finishExtras(request);
  const detail = [
    'taken over after its process stopped: the player was already playing the card',
    ...(extras.detail === null ? [] : [extras.detail]),
  ].join('; ');
  const seen = { playedAt: null, faded: extras.faded };
  if (await recordOutcome(db, alarm.id, firing.due_at, 'played', clock.now().toISOString(), detail, seen)) {
    log('info', `${what}: played (already playing when taken over)`);
    deps.told(alarm, 'played');
  }
}

/**
 * Whether the player already plays the card the claimant rang (the firing's; an older firing's is
 * the alarm's). A deleted alarm's player is the firing's.
 */
async function askPlayer(
  ringer: TakeOverDeps['ringer'],
  firing: OpenFiringRow,
  alarm: AlarmsTable | null,
): Promise<'record-played' | 'ring'> {
  const card = firing.playlist_id ?? alarm?.playlist_id ?? null;
  const userId = alarm?.yoto_user_id ?? firing.yoto_user_id;
  const deviceId = alarm?.yoto_device_id ?? firing.yoto_device_id;
  if (card === null || userId === null || deviceId === null) return 'ring';
  return takeOverStep(card, await ringer.nowPlaying(userId, deviceId));
}
