import { Suspense, lazy, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  alarmCreatedMessage,
  draftToAlarmString,
  startAlarmFromPlaylist,
  type AlarmDraft,
} from '@playlist-alarms/core/alarms/alarm-draft';
import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import { alarmTypeKey } from '@playlist-alarms/core/cloud/cloud-upload';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { MESSAGES, alarmCreationFailed, invalidCardId } from '@playlist-alarms/core/texts/messages';
import { useServices } from '../../services/app-services';
import { useNotify } from '../../services/notifier-context';
import { queryKeys } from '../../api/query-keys';
import { useCreateDeviceAlarm } from './api/create-device-alarm';
import type { DeviceAlarms } from './api/get-device-alarms';

// The dialog (and its form controls) load only when a parent first sets an alarm.
const CreateAlarmDialog = lazy(() =>
  import('./CreateAlarmDialog').then((m) => ({ default: m.CreateAlarmDialog })),
);

interface SetAlarmFlow {
  /** Set Alarm on a playlist: checks the players, then opens the Create Alarm dialog. */
  start(playlist: Playlist): void;
  /** The dialog while it is open, else nothing: render it anywhere under the app's providers. */
  element: ReactNode;
}

interface OpenDialog {
  /** A fresh key per start, so the dialog's own state begins from this start's prefill. */
  key: number;
  title: string;
  cardId: string;
  initial: AlarmDraft;
}

/** The "Set Alarm" flow a playlist card starts: checks, dialog, the device config write and its toasts. */
export function useSetAlarm(devices: readonly Device[]): SetAlarmFlow {
  const notify = useNotify();
  const { alarmTypes } = useServices();
  const { mutate, reset, isPending } = useCreateDeviceAlarm();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const starts = useRef(0);
  const online = useMemo(() => devices.filter((device) => device.online), [devices]);

  const start = useCallback(
    (playlist: Playlist) => {
      // The player's current time, not the browser's, when its configuration has been read.
      const zoneOf = (deviceId: string) =>
        queryClient.getQueryData<DeviceAlarms>(queryKeys.deviceConfig(deviceId))?.timeZone ?? null;
      const checked = startAlarmFromPlaylist(devices, new Date(), zoneOf);
      if (!checked.ok) {
        notify.error(checked.error);
        return;
      }
      // The alarm plays the playlist's card: without one there is nothing to ring.
      if (!playlist.cardId) {
        notify.error(invalidCardId(playlist.title));
        return;
      }
      starts.current += 1;
      reset();
      setOpen({
        key: starts.current,
        title: playlist.title,
        cardId: playlist.cardId,
        initial: checked.draft,
      });
    },
    [devices, notify, queryClient, reset],
  );

  const onCreate = useCallback(
    (draft: AlarmDraft) => {
      if (!open) return;
      const device = online.find((d) => d.deviceId === draft.deviceId);
      if (!device) return; // Create is disabled without a device
      let alarm: string;
      try {
        alarm = draftToAlarmString(draft, open.cardId);
      } catch (error) {
        notify.error(alarmCreationFailed(error instanceof Error ? error.message : null));
        return;
      }
      notify.info(MESSAGES.creatingAlarm);
      mutate(
        { deviceId: device.deviceId, alarm },
        {
          onSuccess: () => {
            // The device string has no type: the dialog's choice is kept beside it, for the
            // cloud upload's "Choose Alarm Type" to start from.
            const written = parseAlarm(alarm, 0);
            if (written.ok) alarmTypes.set(alarmTypeKey(device.deviceId, written.alarm), draft.alarmType);
            setOpen(null);
            notify.success(alarmCreatedMessage({ title: open.title, device: device.name, draft }));
          },
          // The dialog stays open with the parent's choices, to try again.
          onError: (error) => notify.error(alarmCreationFailed(error.message)),
        },
      );
    },
    [alarmTypes, mutate, notify, online, open],
  );

  const onClose = useCallback(() => {
    if (!isPending) setOpen(null);
  }, [isPending]);

  const element = open && (
    <Suspense fallback={null}>
      <CreateAlarmDialog
        key={open.key}
        subtitle={open.title}
        devices={online}
        initial={open.initial}
        creating={isPending}
        onCreate={onCreate}
        onClose={onClose}
      />
    </Suspense>
  );

  return { start, element };
}
