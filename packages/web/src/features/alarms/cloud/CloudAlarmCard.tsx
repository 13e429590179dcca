import { useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import AddAlarmIcon from '@mui/icons-material/AddAlarm';
import { cardChoices } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { CLOUD_EDIT_TEXTS } from '@playlist-alarms/core/texts/cloud-edit-texts';
import { usePlaylists } from '../../../api/get-playlists';
import { NO_FAMILY_CARDS, type FamilyCards } from './family-cards';
import { useCloudAlarmEdits } from './use-cloud-alarm-edits';
import { useSkipPause } from './use-skip-pause';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import {
  cloudDeleteConfirmation,
  detectTimeZone,
  type CloudDeleteKind,
} from '@playlist-alarms/core/cloud/cloud-upload';
import { ALARM_TYPES } from '@playlist-alarms/core/shared/constants';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { MESSAGES, importedAlarms } from '@playlist-alarms/core/texts/messages';
import { keptOnPlayer } from '@playlist-alarms/core/cloud/player-off-at';
import { useUser } from '../../../api/get-user';
import { useNotify } from '../../../services/notifier-context';
import { ConfirmDialog } from '../ConfirmDialog';
import type { KnownTitle } from '../DeviceAlarmList';
import { useCloudAlarms } from './api/get-cloud-alarms';
import { useCloudHealth } from './api/get-cloud-health';
import { useDeleteCloudAlarms, type CloudDeleteRequest } from './api/delete-cloud-alarms';
import { useImportCloudAlarms } from './api/import-cloud-alarms';
import { useChangeTimeZone, useCloudUser } from './api/save-cloud-user';
import { useUploadCloudAlarm } from './api/upload-cloud-alarm';
import { useKeepOnPlayer } from '../api/keep-alarm-on-player';
import { deviceAlarmsQueryOptions } from '../api/get-device-alarms';
import { useServices } from '../../../services/app-services';
import { LoadFailedAlert } from '../../../lib/LoadFailedAlert';
import { CloudAlarmList } from './CloudAlarmList';
import { TimeZoneField } from './TimeZoneField';
import { UploadAlarmsDialog, type LocalAlarm } from './UploadAlarmsDialog';

type Confirming = { kind: Exclude<CloudDeleteKind, 'single'> } | { kind: 'single'; alarm: CloudAlarm };

/**
 * The cloud alarm card: backend health, time zone, the cloud alarms (each switched, edited,
 * duplicated, deleted), a new one from scratch, upload, import, deletes.
 */
export function CloudAlarmCard({
  devices,
  knownTitle,
  family = NO_FAMILY_CARDS,
}: {
  devices: readonly Device[];
  knownTitle: KnownTitle;
  family?: FamilyCards;
}) {
  const notify = useNotify();
  const health = useCloudHealth();
  const alarms = useCloudAlarms();
  const user = useUser(true);
  const cloudUser = useCloudUser(user.data);
  const changeZone = useChangeTimeZone();
  const upload = useUploadCloudAlarm();
  const keep = useKeepOnPlayer();
  const { library } = useServices();
  // The players' own zones, from the config reads the alarm views share: the cached read does, so
  // mounting this card asks the provider for nothing more.
  const playerZones = useQueries({
    queries: devices.map((device) => ({
      ...deviceAlarmsQueryOptions(library, device.deviceId),
      refetchOnMount: false,
    })),
    combine: (results) =>
      new Map(devices.map((device, i) => [device.deviceId, results[i]?.data?.timeZone ?? null])),
  });
  const importAlarms = useImportCloudAlarms();
  const remove = useDeleteCloudAlarms();
  const detected = useMemo(() => detectTimeZone(), []);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const zone = cloudUser.data?.timezone ?? detected;
  const list = alarms.data?.alarms ?? [];
  const counts = alarms.data?.counts;
  const connected = health.data === true;
  const playlists = usePlaylists();
  const cards = useMemo(
    () => cardChoices(playlists.data ?? [], family.playlists),
    [playlists.data, family.playlists],
  );
  const userId = user.data?.sub;
  const edits = useCloudAlarmEdits({
    devices,
    alarms: list,
    cards,
    family,
    zone,
    // Known, or failed to load: the parent may then pick one (only a picked zone is saved).
    zoneKnown: cloudUser.data !== undefined || cloudUser.isError,
    detected,
    userId,
  });
  const skipPause = useSkipPause(zone);

  const onUpload = (local: LocalAlarm, type: (typeof ALARM_TYPES)[number]) =>
    upload.mutate(
      {
        source: {
          deviceId: local.device.deviceId,
          deviceName: local.device.name,
          alarm: local.alarm,
          playlistName: knownTitle(local.alarm.cardId) ?? null,
        },
        type,
      },
      {
        onSuccess: () => {
          setUploading(false);
          notify.success(`${ALARM_TYPE_LABELS[type]} alarm saved to the cloud`);
        },
        onError: (error) => notify.error(error.message),
      },
    );

  // The player rings an alarm of its own config itself, even when it has switched itself off.
  const onKeepOnPlayer = (local: LocalAlarm) =>
    keep.mutate(
      { deviceId: local.device.deviceId, alarm: local.alarm },
      {
        onSuccess: () => {
          setUploading(false);
          notify.success(keptOnPlayer(local.device.name, local.alarm.time));
        },
        onError: (error) => notify.error(error.message),
      },
    );

  const onImport = () =>
    importAlarms.mutate(
      { deviceIds: devices.map((device) => device.deviceId), cloud: list },
      {
        onSuccess: (added) => notify.success(importedAlarms([...added.values()].reduce((a, b) => a + b, 0))),
        onError: (error) => notify.error(error.message),
      },
    );

  const onConfirmDelete = (current: Confirming) => {
    const request: CloudDeleteRequest =
      current.kind === 'single' ? { kind: 'single', id: current.alarm.id } : { kind: current.kind };
    remove.mutate(request, {
      onSuccess: (deleted) => {
        setConfirming(null);
        if (deleted > 0) notify.success(MESSAGES.alarmDeleted);
        else notify.info(MESSAGES.noneOfYoursDeleted);
      },
      onError: (error) => {
        setConfirming(null);
        notify.error(error.message);
      },
    });
  };

  const confirmation =
    confirming &&
    cloudDeleteConfirmation(
      confirming.kind,
      confirming.kind === 'single' ? confirming.alarm.alarm_name : undefined,
    );

  return (
    <Card variant="outlined" component="section" aria-labelledby="cloud-alarms-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
          >
            <Typography id="cloud-alarms-title" variant="h3" component="h3" sx={{ fontSize: '1.25rem' }}>
              Cloud Alarms
            </Typography>
            <Chip
              size="small"
              color={connected ? 'success' : 'default'}
              label={health.isPending ? 'Checking…' : connected ? 'Connected' : 'Disconnected'}
              aria-label={`Cloud ${connected ? 'Connected' : 'Disconnected'}`}
            />
          </Stack>
          <TimeZoneField
            value={zone}
            detected={detected}
            disabled={changeZone.isPending || !cloudUser.isSuccess}
            onChange={(next) => changeZone.mutate(next, { onError: (error) => notify.error(error.message) })}
          />
          <Alert severity="info">{MESSAGES.cloudSyncNote}</Alert>
          {alarms.isPending && <CircularProgress size={24} aria-label="Loading cloud alarms" />}
          {alarms.isError && (
            <LoadFailedAlert message={alarms.error.message} onRetry={() => void alarms.refetch()} />
          )}
          {alarms.isSuccess && list.length === 0 && (
            <Typography color="text.secondary">No alarms in the cloud yet.</Typography>
          )}
          {counts && counts.total > 0 && (
            <Typography variant="body2" color="text.secondary">
              {`${counts.total} in the cloud: ${counts.wakeup} wakeup, ${counts.bedtime} bedtime`}
            </Typography>
          )}
          <CloudAlarmList
            alarms={list}
            timeZone={zone}
            userId={userId}
            playerZoneOf={(deviceId) => playerZones.get(deviceId) ?? null}
            cardOf={(cardId) => cards.find((card) => card.cardId === cardId)}
            onDelete={(alarm) => setConfirming({ kind: 'single', alarm })}
            onEdit={edits.openEdit}
            onDuplicate={edits.duplicate}
            onSwitch={edits.toggle}
            onSkip={skipPause.onSkip}
            onPause={skipPause.onPause}
            onResume={skipPause.onResume}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<AddAlarmIcon />}
              onClick={edits.openNew}
              disabled={devices.length === 0}
            >
              {CLOUD_EDIT_TEXTS.newButton}
            </Button>
            <Button
              variant="contained"
              startIcon={<CloudUploadIcon />}
              onClick={() => setUploading(true)}
              disabled={devices.length === 0}
            >
              Upload Local Alarms
            </Button>
            <Button
              variant="outlined"
              startIcon={<CloudDownloadIcon />}
              onClick={onImport}
              disabled={list.length === 0 || importAlarms.isPending}
            >
              Import from Cloud
            </Button>
            {ALARM_TYPES.map((type) => (
              <Button
                key={type}
                color="error"
                onClick={() => setConfirming({ kind: type })}
                disabled={!counts || counts[type] === 0}
              >
                {`Delete ${ALARM_TYPE_LABELS[type]}`}
              </Button>
            ))}
            <Button color="error" onClick={() => setConfirming({ kind: 'all' })} disabled={list.length === 0}>
              Delete All
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      {uploading && (
        <UploadAlarmsDialog
          devices={devices}
          titleOf={knownTitle}
          timeZone={zone}
          uploading={upload.isPending || keep.isPending}
          onUpload={onUpload}
          onKeepOnPlayer={onKeepOnPlayer}
          onClose={() => setUploading(false)}
        />
      )}
      {edits.dialog}
      {skipPause.dialog}
      {confirming && confirmation && (
        <ConfirmDialog
          {...confirmation}
          busy={remove.isPending}
          onConfirm={() => onConfirmDelete(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Card>
  );
}
