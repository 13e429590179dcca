import type { Kysely } from 'kysely';
import type { Caller } from '../auth';
import type { AccessTokenSource } from '../alarm-worker/access-token-source';
import { findAlarmById, listHouseholdAlarms, listersOfPlayer, wasListed } from '../db/household-repository';
import type { AlarmsTable, Database } from '../db/schema';
import type { PlayerLists } from './player-lists';

// The household's access rule (docs/decisions/shared-household.md), in one place for the cloud
// alarm routes, the alarm worker and whatever else must know who may see a player: a user reaches
// an alarm they set, and an alarm on a player the provider lists for them, when the provider also
// listed that player for the alarm's creator (so an outsider naming a family's player plants
// nothing in that family's list).

export interface Household {
  db: Kysely<Database>;
  lists: PlayerLists;
}

const playerIds = async (household: Household, caller: Caller): Promise<ReadonlySet<string>> =>
  (await household.lists.playersOf(caller.sub, caller.token)) ?? new Set<string>();

/**
 * Asks (or reuses) the caller's player list when the caller sets an alarm, so a new alarm is the
 * family's at once rather than after the creator's next list. A failure changes nothing.
 */
export async function notePlayersOf(household: Household, caller: Caller): Promise<void> {
  await household.lists.playersOf(caller.sub, caller.token);
}

/** Every cloud alarm the caller may see and manage, oldest first. */
export async function householdAlarms(household: Household, caller: Caller): Promise<AlarmsTable[]> {
  const players = await playerIds(household, caller);
  return listHouseholdAlarms(household.db, caller.sub, [...players]);
}

/** One alarm the caller may manage, or null: another family's alarm is exactly a missing one. */
export async function householdAlarm(
  household: Household,
  caller: Caller,
  id: string,
): Promise<AlarmsTable | null> {
  const row = await findAlarmById(household.db, id);
  if (row?.yoto_user_id === caller.sub) return row;
  // Asked whether or not the alarm exists, so a missing id and a foreign one take the same path.
  const players = await playerIds(household, caller);
  if (row === null || !players.has(row.yoto_device_id)) return null;
  return (await wasListed(household.db, row.yoto_user_id, row.yoto_device_id)) ? row : null;
}

/**
 * The users who may see a player now: those the provider last listed it for, each confirmed with
 * their own stored token (their list is kept PLAYER_LIST_TTL_MS). A user whose token is gone or
 * whose provider answer fails is left out: nothing goes to someone the provider did not vouch for.
 */
export async function usersWhoMaySeePlayer(
  household: Household,
  tokens: AccessTokenSource,
  deviceId: string,
): Promise<string[]> {
  const confirmed: string[] = [];
  for (const userId of await listersOfPlayer(household.db, deviceId)) {
    const token = await tokens.accessTokenFor(userId);
    if (token === null) continue;
    const players = await household.lists.playersOf(userId, token);
    if (players?.has(deviceId) === true) confirmed.push(userId);
  }
  return confirmed;
}
