import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { DEVICE_CARD_ALARM_PREVIEW } from '@playlist-alarms/core/shared/constants';
import { NO_DEVICE_ALARMS } from '@playlist-alarms/core/texts/device-texts';
import { MESSAGES, moreAlarms } from '@playlist-alarms/core/texts/messages';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';
import { timeWithPlace } from '@playlist-alarms/core/alarms/zone-label';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { AlarmCardCover } from './AlarmCardCover';
import { useAlarmCard } from './api/get-alarm-card';
import { useDeviceAlarms } from './api/get-device-alarms';

/** One previewed alarm: its card's cover and title (never the bare id of a family-library card). */
function PreviewItem({ alarm, time }: { alarm: DeviceAlarm; time: string }) {
  const card = useAlarmCard(alarm.cardId);
  return (
    <ListItem disableGutters>
      <ListItemAvatar sx={{ minWidth: 44 }}>
        <AlarmCardCover card={card} size={32} />
      </ListItemAvatar>
      <ListItemText
        primary={`${time} · ${card.title}`}
        secondary={`${daysWording(alarm.days) || 'No days'}${alarm.enabled ? '' : ' · off'}`}
      />
    </ListItem>
  );
}

/** The card's alarm preview: the first 3 alarms, then "+N more alarms...". */
export function DeviceAlarmsPreview({ deviceId }: { deviceId: string }) {
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
          <PreviewItem
            key={alarm.id}
            alarm={alarm}
            time={timeWithPlace(alarm.time, timeZone, viewerZone, new Date())}
          />
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
