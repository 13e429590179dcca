import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import type { CloudAlarmType } from '@playlist-alarms/core/cloud/cloud-schemas';
import {
  alarmTypeKey,
  canContinueUpload,
  canOpenUpload,
  detectTimeZone,
} from '@playlist-alarms/core/cloud/cloud-upload';
import { uploadZoneShift } from '@playlist-alarms/core/cloud/upload-zone';
import { timeWithPlace } from '@playlist-alarms/core/alarms/zone-label';
import { ALARM_TYPES, UPLOAD_LIST_MAX_HEIGHT_PX } from '@playlist-alarms/core/shared/constants';
import type { Device, DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { cloudAlarmOffWarning } from '@playlist-alarms/core/cloud/player-off-at';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';
import { NO_LOCAL_ALARMS, unreadPlayersText } from '@playlist-alarms/core/texts/upload-texts';
import { LoadFailedAlert } from '../../../lib/LoadFailedAlert';
import { useServices } from '../../../services/app-services';
import { deviceAlarmsQueryOptions } from '../api/get-device-alarms';

export interface LocalAlarm {
  key: string;
  device: Device;
  alarm: DeviceAlarm;
}

/**
 * "Select Alarms to Upload" then "Choose Alarm Type": the players' alarms are read when
 * the dialog opens; with none, there is nothing to continue with. The type starts as the one the
 * parent chose when creating the alarm, else wakeup. When the player will have switched itself
 * off by the alarm's time, the type step warns and offers to keep the alarm on the player instead;
 * so it does when the player keeps another zone than the household's, where the cloud alarm would
 * ring at the same hour and minute on the household's clock.
 */
export function UploadAlarmsDialog({
  devices,
  titleOf,
  timeZone,
  uploading,
  onUpload,
  onKeepOnPlayer,
  onClose,
}: {
  devices: readonly Device[];
  titleOf: (cardId: string) => string | undefined;
  /** The household's cloud time zone: the one the server rings the cloud alarm in. */
  timeZone: string;
  uploading: boolean;
  onUpload: (local: LocalAlarm, type: CloudAlarmType) => void;
  onKeepOnPlayer: (local: LocalAlarm) => void;
  onClose: () => void;
}) {
  const { library, alarmTypes } = useServices();
  const lists = useQueries({
    queries: devices.map((device) => deviceAlarmsQueryOptions(library, device.deviceId)),
  });
  const loading = lists.some((list) => list.isPending);
  // A player whose alarms could not be read is named, with Retry: not "no alarms".
  const unread = devices.filter((_, i) => lists[i]?.isError === true);
  const retryUnread = () => lists.forEach((list) => list.isError && void list.refetch());
  const local: LocalAlarm[] = devices.flatMap((device, i) =>
    (lists[i]?.data?.alarms ?? []).map((alarm) => ({ key: `${device.deviceId}/${alarm.id}`, device, alarm })),
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [step, setStep] = useState<'select' | 'type'>('select');
  const [type, setType] = useState<CloudAlarmType>(ALARM_TYPES[0]);
  const chosen = local.find((item) => item.key === selected) ?? null;
  const zoneOf = (device: Device) => lists[devices.indexOf(device)]?.data?.timeZone ?? null;
  const viewerZone = detectTimeZone();
  const now = new Date();
  const chosenPower = chosen && lists[devices.indexOf(chosen.device)]?.data?.power;
  const offWarning =
    chosen && chosenPower
      ? cloudAlarmOffWarning({
          alarm: chosen.alarm,
          player: chosen.device.name,
          power: chosenPower,
          timeZone,
          now,
        })
      : null;
  const zoneShift = chosen
    ? uploadZoneShift({
        alarm: chosen.alarm,
        player: chosen.device.name,
        playerZone: zoneOf(chosen.device),
        householdZone: timeZone,
        now,
      })
    : null;
  const keepOnPlayerButton = chosen && (
    <Button color="inherit" size="small" onClick={() => onKeepOnPlayer(chosen)} disabled={uploading}>
      Save on the player instead
    </Button>
  );

  const next = () => {
    if (!chosen) return;
    setType(alarmTypes.get(alarmTypeKey(chosen.device.deviceId, chosen.alarm)) ?? ALARM_TYPES[0]);
    setStep('type');
  };

  if (step === 'type' && chosen) {
    return (
      <Dialog
        open
        onClose={uploading ? undefined : onClose}
        aria-labelledby="upload-type-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="upload-type-title">Choose Alarm Type</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" gutterBottom>
            It replaces the cloud alarm of that type.
          </Typography>
          {offWarning && (
            <Alert severity="warning" sx={{ mb: 2 }} action={keepOnPlayerButton}>
              {offWarning}
            </Alert>
          )}
          {zoneShift && (
            // One "Save on the player instead" in the dialog: the off warning carries it when shown.
            <Alert severity="warning" sx={{ mb: 2 }} action={offWarning ? undefined : keepOnPlayerButton}>
              {zoneShift.text}
            </Alert>
          )}
          <RadioGroup
            aria-labelledby="upload-type-title"
            value={type}
            onChange={(_event, value) => setType(ALARM_TYPES.find((t) => t === value) ?? type)}
          >
            {ALARM_TYPES.map((t) => (
              <FormControlLabel key={t} value={t} control={<Radio />} label={ALARM_TYPE_LABELS[t]} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStep('select')} disabled={uploading}>
            Back
          </Button>
          <Button
            variant="contained"
            onClick={() => onUpload(chosen, type)}
            disabled={uploading}
            startIcon={uploading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Upload
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="upload-select-title" maxWidth="sm" fullWidth>
      <DialogTitle id="upload-select-title">Select Alarms to Upload</DialogTitle>
      <DialogContent>
        {loading && <CircularProgress size={24} aria-label="Loading alarms" />}
        {unread.length > 0 && (
          <LoadFailedAlert
            message={unreadPlayersText(unread.map((device) => device.name))}
            onRetry={retryUnread}
          />
        )}
        {!loading && unread.length === 0 && !canOpenUpload(local.length) && (
          <Typography color="text.secondary">{NO_LOCAL_ALARMS}</Typography>
        )}
        <List
          dense
          aria-label="Local alarms"
          sx={{ maxHeight: UPLOAD_LIST_MAX_HEIGHT_PX, overflowY: 'auto' }}
        >
          {local.map((item) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton
                selected={item.key === selected}
                onClick={() => setSelected(item.key)}
                aria-pressed={item.key === selected}
              >
                <ListItemIcon>
                  {/* A picture of a radio: the button itself is the control (aria-pressed), and an
                      input inside it would be a second, unlabelled one (axe nested-interactive). */}
                  {item.key === selected ? (
                    <RadioButtonCheckedIcon color="primary" aria-hidden />
                  ) : (
                    <RadioButtonUncheckedIcon aria-hidden />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={`${timeWithPlace(item.alarm.time, zoneOf(item.device), viewerZone, now)} · ${titleOf(item.alarm.cardId) ?? item.alarm.cardId}`}
                  secondary={`${item.device.name} · ${daysWording(item.alarm.days)}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={next}
          disabled={!canOpenUpload(local.length) || !canContinueUpload(chosen ? 1 : 0)}
        >
          Next
        </Button>
      </DialogActions>
    </Dialog>
  );
}
