import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import DeleteIcon from '@mui/icons-material/Delete';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import { maskToDays } from '@playlist-alarms/core/cloud/cloud-alarm-rules';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { firingReceipt } from '@playlist-alarms/core/cloud/cloud-receipt';
import { cloudAlarmTime, cloudVolumeLabel } from '@playlist-alarms/core/cloud/cloud-upload';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';

/** When the alarm next rings, as a clock in the household's zone reads it. */
function nextFire(at: string | null, timeZone: string): string | null {
  if (!at) return null;
  try {
    return new Date(at).toLocaleString(undefined, {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return null;
  }
}

/** The user's cloud alarms: name, time, days, volume (stored ×10 %), type, next ring and last firing. */
export function CloudAlarmList({
  alarms,
  timeZone,
  playerZoneOf = () => null,
  onDelete,
}: {
  alarms: readonly CloudAlarm[];
  timeZone: string;
  /** A player's own time zone when its config has been read. */
  playerZoneOf?: (deviceId: string) => string | null;
  onDelete: (alarm: CloudAlarm) => void;
}) {
  return (
    <List dense aria-label="Cloud alarms">
      {alarms.map((alarm) => {
        const next = nextFire(alarm.next_fire_at, timeZone);
        const days = daysWording(maskToDays(alarm.days));
        const receipt = firingReceipt(alarm, timeZone, new Date(), playerZoneOf(alarm.yoto_device_id));
        return (
          <ListItem key={alarm.id} divider>
            <ListItemText
              primary={`${cloudAlarmTime(alarm)} · ${alarm.alarm_name}`}
              secondary={
                <>
                  {[
                    days,
                    `volume ${cloudVolumeLabel(alarm.volume)}`,
                    alarm.device_name || alarm.yoto_device_id,
                    next && `next ${next}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
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
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={ALARM_TYPE_LABELS[alarm.alarm_type]}
              />
              {!alarm.is_enabled && <Chip size="small" label="Off" />}
              <IconButton aria-label={`Delete ${alarm.alarm_name}`} onClick={() => onDelete(alarm)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
