import { wasListed } from '../db/household-repository';
import type { AlarmsTable } from '../db/schema';
import type { AccessTokenSource } from '../alarm-worker/access-token-source';
import { usersWhoMaySeePlayer, type Household } from '../household/household-access';

// Who hears about a cloud alarm: its creator, and every other parent of the player's family
// (docs/decisions/shared-household.md), each confirmed with their own token. As for the routes,
// the others count only when the provider also listed the player for the creator: an outsider who
// named a family's player in an alarm of their own tells that family nothing.

export type AlarmRecipients = (
  alarm: Pick<AlarmsTable, 'yoto_user_id' | 'yoto_device_id'>,
) => Promise<string[]>;

export function householdRecipients(household: Household, tokens: AccessTokenSource): AlarmRecipients {
  return async (alarm) => {
    const creator = alarm.yoto_user_id;
    if (!(await wasListed(household.db, creator, alarm.yoto_device_id))) return [creator];
    const family = await usersWhoMaySeePlayer(household, tokens, alarm.yoto_device_id);
    return [creator, ...family.filter((userId) => userId !== creator)];
  };
}
