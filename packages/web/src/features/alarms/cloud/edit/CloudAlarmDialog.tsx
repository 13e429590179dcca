import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NO_EXTRAS } from '@playlist-alarms/core/cloud/alarm-extras';
import {
  canSaveCloudDraft,
  choicesWithStoredCard,
  cloudDraftAsDeviceAlarm,
  cloudDraftBody,
  draftOfCloudAlarm,
  newCloudAlarmDraft,
  type CardChoice,
  type CloudAlarmDraft,
} from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import type { CloudAlarm, CloudAlarmCreate } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { Device, DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { CLOUD_EDIT_TEXTS } from '@playlist-alarms/core/texts/cloud-edit-texts';
import { AlarmPlayerField } from '../../AlarmDialogFields';
import { useDeviceAlarms } from '../../api/get-device-alarms';
import { TimeZoneField } from '../TimeZoneField';
import { CardPicker } from './CardPicker';
import { PlayerWarnings } from './PlayerWarnings';
import { ScheduleFields } from './ScheduleFields';
import { VolumeTypeFields } from './VolumeTypeFields';
import { ExtrasFields } from './ExtrasFields';

export interface CloudAlarmDialogProps {
  /** Null: a new alarm ("Create"); else the alarm edited in place ("Save"). */
  editing: CloudAlarm | null;
  devices: readonly Device[];
  cards: readonly CardChoice[];
  familyLoading: boolean;
  /** The household's cloud zone (the browser's until `zoneKnown`), and the browser's. */
  timeZone: string;
  zoneKnown: boolean;
  detected: string;
  busy: boolean;
  /** The body to send, and the zone the parent chose in the dialog (null: left as it was). */
  onSave: (body: CloudAlarmCreate, zone: string | null) => void;
  onKeepOnPlayer: (device: Device, alarm: DeviceAlarm) => void;
  onClose: () => void;
}

/**
 * "New Cloud Alarm" and "Edit Cloud Alarm": card, player, time, days, volume, type and the cloud
 * zone. The chosen player's config read says whether it will be off at the ring, or keeps another
 * zone; the values live here, so a refused save leaves everything chosen in place.
 */
export function CloudAlarmDialog(props: CloudAlarmDialogProps) {
  const { editing, devices, timeZone, busy } = props;
  const [draft, setDraft] = useState<CloudAlarmDraft>(() =>
    editing ? draftOfCloudAlarm(editing) : newCloudAlarmDraft(devices),
  );
  // Null until the parent picks one: the field follows the household's zone as it loads, and only
  // a zone they chose is saved.
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const zone = chosenZone ?? timeZone;
  const update = (change: Partial<CloudAlarmDraft>) => setDraft((current) => ({ ...current, ...change }));
  const player = devices.find((device) => device.deviceId === draft.deviceId);
  // The chosen player's config: whether it will be off at the ring, and its own zone.
  const config = useDeviceAlarms(draft.deviceId);
  const cards = choicesWithStoredCard(props.cards, editing);
  const cardTitle = cards.find((card) => card.cardId === draft.cardId)?.title ?? '';
  const body = cloudDraftBody(
    draft,
    { deviceName: player?.name ?? editing?.device_name ?? '', cardTitle },
    editing,
  );
  const title = editing ? CLOUD_EDIT_TEXTS.editTitle : CLOUD_EDIT_TEXTS.createTitle;

  return (
    <Dialog
      open
      onClose={busy ? undefined : props.onClose}
      aria-labelledby="cloud-alarm-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="cloud-alarm-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <CardPicker
            value={draft.cardId}
            choices={cards}
            familyLoading={props.familyLoading}
            onChange={(cardId) => update({ cardId })}
          />
          <AlarmPlayerField
            label={CLOUD_EDIT_TEXTS.playerLabel}
            deviceId={player ? (draft.deviceId ?? '') : ''}
            devices={devices}
            onChange={(deviceId) => update({ deviceId })}
          />
          <ScheduleFields draft={draft} update={update} />
          <VolumeTypeFields draft={draft} update={update} />
          <ExtrasFields
            alarmType={draft.alarmType}
            extras={draft.extras ?? NO_EXTRAS}
            onChange={(extras) => update({ extras })}
          />
          <Stack spacing={0.5}>
            <TimeZoneField
              value={zone}
              detected={props.detected}
              disabled={busy || !props.zoneKnown}
              onChange={setChosenZone}
            />
            <Typography variant="caption" color="text.secondary">
              {CLOUD_EDIT_TEXTS.zoneNote}
            </Typography>
          </Stack>
          {player && (
            <PlayerWarnings
              alarm={cloudDraftAsDeviceAlarm(draft)}
              player={player.name}
              power={config.data?.power}
              playerZone={config.data?.timeZone ?? null}
              zone={zone}
              busy={busy}
              onKeepOnPlayer={(alarm) => props.onKeepOnPlayer(player, alarm)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => body && props.onSave(body, chosenZone)}
          disabled={!body || !canSaveCloudDraft(draft, busy)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {editing ? CLOUD_EDIT_TEXTS.editAction : CLOUD_EDIT_TEXTS.createAction}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
