import List from '@mui/material/List';
import type { CardChoice } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { setByLine } from '@playlist-alarms/core/cloud/household-alarms';
import { CloudAlarmRow, type CloudAlarmActions } from './CloudAlarmRow';

/** The household's cloud alarms, each with its card, schedule, receipt, switch, edit, duplicate and delete. */
export function CloudAlarmList({
  alarms,
  timeZone,
  userId,
  playerZoneOf = () => null,
  cardOf = () => undefined,
  ...actions
}: {
  alarms: readonly CloudAlarm[];
  timeZone: string;
  /** The signed-in user: an alarm another parent set says so. */
  userId?: string | undefined;
  /** A player's own time zone when its config has been read. */
  playerZoneOf?: (deviceId: string) => string | null;
  /** The card as the household's lists hold it (title and cover). */
  cardOf?: (cardId: string) => CardChoice | undefined;
} & CloudAlarmActions) {
  return (
    <List dense aria-label="Cloud alarms">
      {alarms.map((alarm) => (
        <CloudAlarmRow
          key={alarm.id}
          alarm={alarm}
          timeZone={timeZone}
          setBy={setByLine(alarm, userId)}
          playerZone={playerZoneOf(alarm.yoto_device_id)}
          card={cardOf(alarm.playlist_id)}
          actions={actions}
        />
      ))}
    </List>
  );
}
