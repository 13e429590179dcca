import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import type { CardChoice } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { cloudAlarmSummary } from '@playlist-alarms/core/cloud/cloud-alarm-list';
import { firingReceipt } from '@playlist-alarms/core/cloud/cloud-receipt';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { cloudAlarmTime } from '@playlist-alarms/core/cloud/cloud-upload';
import {
  cloudSwitchLabel,
  duplicateCloudAlarmLabel,
  editCloudAlarmLabel,
} from '@playlist-alarms/core/texts/cloud-edit-texts';
import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { skipPauseLine } from '@playlist-alarms/core/alarms/skip-pause';
import { useCloudCardFace } from './api/get-card-face';
import { SkipPauseControls } from '../skip-pause/SkipPauseControls';
import { SkipPauseStatus } from '../skip-pause/SkipPauseStatus';

export interface SkipPauseActions {
  onSkip: (alarm: CloudAlarm) => void;
  onPause: (alarm: CloudAlarm) => void;
  onResume: (alarm: CloudAlarm) => void;
}

export interface CloudAlarmActions extends SkipPauseActions {
  onDelete: (alarm: CloudAlarm) => void;
  onEdit: (alarm: CloudAlarm) => void;
  onDuplicate: (alarm: CloudAlarm) => void;
  onSwitch: (alarm: CloudAlarm, on: boolean) => void;
}

/** One cloud alarm: its card's cover and title, time, days, volume, player, next ring, receipt, actions. */
export function CloudAlarmRow({
  alarm,
  timeZone,
  playerZone,
  card,
  actions,
  setBy = null,
}: {
  alarm: CloudAlarm;
  timeZone: string;
  /** "Set by another parent" when the alarm is another parent's, else null. */
  setBy?: string | null;
  playerZone: string | null;
  card: CardChoice | undefined;
  actions: CloudAlarmActions;
}) {
  const face = useCloudCardFace(alarm, card);
  const receipt = firingReceipt(alarm, timeZone, new Date(), playerZone);
  const name = alarm.alarm_name;
  const status = alarm.is_enabled ? skipPauseLine(alarm, new Date(), effectiveTimeZone(timeZone)) : null;
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', columnGap: 1 }}>
      <ListItemAvatar>
        <Avatar variant="rounded" src={face.coverArt ?? undefined} alt="">
          <MusicNoteIcon aria-hidden />
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={`${cloudAlarmTime(alarm)} · ${name}`}
        secondary={
          <>
            {cloudAlarmSummary(alarm, face.title, timeZone)}
            {setBy && (
              <Box component="span" data-testid="set-by" sx={{ display: 'block' }}>
                {setBy}
              </Box>
            )}
            {status && <SkipPauseStatus text={status} />}
            {receipt && (
              <Box
                component="span"
                data-testid="firing-receipt"
                sx={{ display: 'block', color: receipt.ok ? 'success.main' : 'error.main' }}
              >
                {receipt.text}
              </Box>
            )}
          </>
        }
      />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Chip size="small" color="primary" variant="outlined" label={ALARM_TYPE_LABELS[alarm.alarm_type]} />
        {!alarm.is_enabled && <Chip size="small" label="Off" />}
        <Switch
          checked={alarm.is_enabled}
          onChange={(_event, on) => actions.onSwitch(alarm, on)}
          slotProps={{ input: { role: 'switch', 'aria-label': cloudSwitchLabel(name) } }}
        />
        {alarm.is_enabled && (
          <SkipPauseControls
            name={name}
            marked={status !== null}
            canSkip={alarm.next_fire_at !== null}
            onSkip={() => actions.onSkip(alarm)}
            onPause={() => actions.onPause(alarm)}
            onResume={() => actions.onResume(alarm)}
          />
        )}
        <IconButton aria-label={editCloudAlarmLabel(name)} onClick={() => actions.onEdit(alarm)}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={duplicateCloudAlarmLabel(name)} onClick={() => actions.onDuplicate(alarm)}>
          <ContentCopyIcon />
        </IconButton>
        <IconButton aria-label={`Delete ${name}`} onClick={() => actions.onDelete(alarm)}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </ListItem>
  );
}
