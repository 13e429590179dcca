import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@playlist-alarms/core/messages';
import { alarmLevelToPercent } from '@playlist-alarms/core/volume';
import { daysWording } from '@playlist-alarms/core/weekdays';
import { useDeviceAlarms } from './api/get-device-alarms';

/** One player's alarms; mounted only when its accordion opens, so the list loads then (SPEC §2). */
export function DeviceAlarmList({
  deviceId,
  titleOf,
}: {
  deviceId: string;
  titleOf: (cardId: string) => string;
}) {
  const query = useDeviceAlarms(deviceId);
  if (query.isPending) return <CircularProgress size={24} aria-label="Loading alarms" />;
  if (query.isError) return <Alert severity="error">{MESSAGES.failedToLoadDeviceAlarms}</Alert>;
  const { alarms, errors } = query.data;
  return (
    <>
      {alarms.length === 0 && <Typography color="text.secondary">No alarms on this device.</Typography>}
      <List dense aria-label="Device alarms">
        {alarms.map((alarm) => (
          <ListItem key={alarm.id} divider>
            <ListItemText
              primary={`${alarm.time} · ${titleOf(alarm.cardId)}`}
              secondary={`${daysWording(alarm.days) || 'No days'} · volume ${alarmLevelToPercent(alarm.volume)}%`}
            />
            <Chip
              size="small"
              label={alarm.enabled ? 'On' : 'Off'}
              color={alarm.enabled ? 'success' : 'default'}
            />
          </ListItem>
        ))}
      </List>
      {errors.map((error) => (
        <Alert key={error} severity="warning" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ))}
    </>
  );
}
