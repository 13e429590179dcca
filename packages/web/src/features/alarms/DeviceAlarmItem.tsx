import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import { deviceAlarmName, type AlarmHoldView } from '@playlist-alarms/core/alarms/alarm-hold-view';
import { alarmVolumeLabel } from '@playlist-alarms/core/alarms/alarm-volume';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';
import { alarmTypeKey } from '@playlist-alarms/core/cloud/cloud-upload';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { editAlarmLabel } from '@playlist-alarms/core/texts/alarm-edit-texts';
import { useServices } from '../../services/app-services';
import { AlarmCardCover } from './AlarmCardCover';
import { useAlarmCard } from './api/get-alarm-card';
import { SkipPauseControls } from './skip-pause/SkipPauseControls';
import { SkipPauseStatus } from './skip-pause/SkipPauseStatus';

/** "Skip next", "Pause until…" and "Resume" of one alarm (use-device-alarm-holds.tsx). */
export interface HoldActions {
  onSkip: () => void;
  onPause: () => void;
  onResume: () => void;
}

/**
 * One alarm of a player's list: its card (title and cover), days, volume, type, whether it is
 * skipped or paused, and its actions.
 */
export function DeviceAlarmItem({
  deviceId,
  alarm,
  time,
  hold,
  holdActions,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  deviceId: string;
  alarm: DeviceAlarm;
  /** Its time as the list shows it (with the player's place when its clock is not the browser's). */
  time: string;
  /** Its hold, status line and which of skip, pause and resume it offers (core's alarmHoldView). */
  hold: AlarmHoldView;
  holdActions: HoldActions;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const card = useAlarmCard(alarm.cardId);
  const { alarmTypes } = useServices();
  const type = alarmTypes.get(alarmTypeKey(deviceId, alarm));
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', columnGap: 1 }}>
      <ListItemAvatar>
        <AlarmCardCover card={card} />
      </ListItemAvatar>
      <ListItemText
        primary={`${time} · ${card.title}`}
        secondary={
          <>
            {`${daysWording(alarm.days) || 'No days'} · ${alarmVolumeLabel(alarm.volume)}`}
            {hold.status && <SkipPauseStatus text={hold.status} />}
          </>
        }
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {type && <Chip size="small" variant="outlined" label={ALARM_TYPE_LABELS[type]} />}
        <Switch
          checked={hold.switchedOn}
          disabled={busy}
          onChange={(_event, checked) => onToggle(checked)}
          slotProps={{ input: { 'aria-label': `Alarm at ${alarm.time} on` } }}
        />
        <SkipPauseControls
          name={deviceAlarmName(alarm)}
          marked={hold.actions === 'resume'}
          canSkip={hold.canSkip}
          disabled={busy || hold.actions === 'none'}
          {...holdActions}
        />
        <IconButton aria-label={editAlarmLabel(alarm.time)} onClick={onEdit} disabled={busy}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={`Delete alarm at ${alarm.time}`} onClick={onDelete} disabled={busy}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </ListItem>
  );
}
