import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { cloudAlarmOffWarning, type PlayerPower } from '@playlist-alarms/core/cloud/player-off-at';
import { uploadZoneShift } from '@playlist-alarms/core/cloud/upload-zone';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { CLOUD_EDIT_TEXTS } from '@playlist-alarms/core/texts/cloud-edit-texts';

/**
 * The upload dialog's two warnings, for the alarm the dialog would save: the player will have
 * switched itself off by its ring (the server cannot wake it), or it keeps another zone than the
 * cloud's. Either offers to keep the alarm on the player instead, once.
 */
export function PlayerWarnings({
  alarm,
  player,
  power,
  playerZone,
  zone,
  busy,
  onKeepOnPlayer,
}: {
  alarm: DeviceAlarm | null;
  player: string;
  power: PlayerPower | undefined;
  playerZone: string | null;
  /** The cloud zone the dialog would save with. */
  zone: string;
  busy: boolean;
  onKeepOnPlayer: (alarm: DeviceAlarm) => void;
}) {
  if (!alarm) return null;
  const now = new Date();
  const off = power ? cloudAlarmOffWarning({ alarm, player, power, timeZone: zone, now }) : null;
  const shift = uploadZoneShift({ alarm, player, playerZone, householdZone: zone, now });
  const keep = (
    <Button color="inherit" size="small" onClick={() => onKeepOnPlayer(alarm)} disabled={busy}>
      {CLOUD_EDIT_TEXTS.keepOnPlayer}
    </Button>
  );
  return (
    <>
      {off && (
        <Alert severity="warning" action={keep}>
          {off}
        </Alert>
      )}
      {shift && (
        <Alert severity="warning" action={off ? undefined : keep}>
          {shift.text}
        </Alert>
      )}
    </>
  );
}
