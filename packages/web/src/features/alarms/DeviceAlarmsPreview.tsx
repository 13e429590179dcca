import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { DEVICE_CARD_ALARM_PREVIEW } from '@playlist-alarms/core/shared/constants';
import { NO_DEVICE_ALARMS } from '@playlist-alarms/core/texts/device-texts';
import { MESSAGES, moreAlarms } from '@playlist-alarms/core/texts/messages';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';
import { timeWithPlace } from '@playlist-alarms/core/alarms/zone-label';
import { useDeviceAlarms } from './api/get-device-alarms';

/** The card's alarm preview: the first 3 alarms, then "+N more alarms...". */
export function DeviceAlarmsPreview({
  deviceId,
  titleOf,
}: {
  deviceId: string;
  titleOf: (cardId: string) => string;
}) {
  const query = useDeviceAlarms(deviceId);
  if (query.isPending) return <CircularProgress size={20} aria-label="Loading alarms" />;
  if (query.isError) {
    return (
      <Typography variant="body2" color="error">
        {MESSAGES.failedToLoadDeviceAlarms}
      </Typography>
    );
  }
  const { alarms, timeZone } = query.data;
  const viewerZone = detectTimeZone();
  if (alarms.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {NO_DEVICE_ALARMS}
      </Typography>
    );
  }
  const hidden = alarms.length - DEVICE_CARD_ALARM_PREVIEW;
  return (
    <>
      <List dense disablePadding aria-label="Alarms on this device">
        {alarms.slice(0, DEVICE_CARD_ALARM_PREVIEW).map((alarm) => (
          <ListItem key={alarm.id} disableGutters>
            <ListItemText
              primary={`${timeWithPlace(alarm.time, timeZone, viewerZone, new Date())} · ${titleOf(alarm.cardId)}`}
              secondary={`${daysWording(alarm.days) || 'No days'}${alarm.enabled ? '' : ' · off'}`}
            />
          </ListItem>
        ))}
      </List>
      {hidden > 0 && (
        <Typography variant="body2" color="text.secondary">
          {moreAlarms(hidden)}
        </Typography>
      )}
    </>
  );
}
