import type { CloudAlarm } from './cloud-schemas';

// A shared household (docs/decisions/shared-household.md): the cloud list holds the alarms of
// every parent of the family; yoto_user_id names who set each. The cap of 10 is per parent.

type Creator = Pick<CloudAlarm, 'yoto_user_id'>;

/** How many of the alarms the user set (all of them while the user is not known yet). */
export const ownAlarmCount = (alarms: readonly Creator[], userId: string | undefined): number =>
  userId === undefined ? alarms.length : alarms.filter((alarm) => alarm.yoto_user_id === userId).length;

export const SET_BY_ANOTHER_PARENT = 'Set by another parent';

/** The row's note when another parent of the family set the alarm; null for the user's own. */
export const setByLine = (alarm: Creator, userId: string | undefined): string | null =>
  userId !== undefined && alarm.yoto_user_id !== userId ? SET_BY_ANOTHER_PARENT : null;
