import { Suspense, lazy, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import { parseTimeOfDay } from '@playlist-alarms/core/alarms/alarm-draft';
import {
  draftFromAlarm,
  editedAlarmString,
  type AlarmEditDraft,
} from '@playlist-alarms/core/alarms/alarm-edit';
import { ALARM_GONE } from '@playlist-alarms/core/alarms/alarm-list-edit';
import { formatTime } from '@playlist-alarms/core/alarms/alarm-codec';
import { daysWording } from '@playlist-alarms/core/alarms/weekdays';
import { alarmTypeKey } from '@playlist-alarms/core/cloud/cloud-upload';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import {
  ALARM_EDIT_TEXTS,
  alarmSaved,
  failedToSaveAlarm,
} from '@playlist-alarms/core/texts/alarm-edit-texts';
import { useDevices } from '../../api/get-devices';
import { useServices } from '../../services/app-services';
import { useNotify } from '../../services/notifier-context';
import type { DialogDraft } from './CreateAlarmDialog';
import type { useEditDeviceAlarm } from './api/edit-device-alarm';

// The dialog loads when a parent first edits an alarm (or sets one from a playlist).
const CreateAlarmDialog = lazy(() =>
  import('./CreateAlarmDialog').then((m) => ({ default: m.CreateAlarmDialog })),
);

interface OpenEdit {
  /** A fresh key per open, so the dialog's own state starts from this alarm. */
  key: number;
  alarm: DeviceAlarm;
  start: AlarmEditDraft;
}

/**
 * Edit in place: the alarm dialog opens with the alarm's values; Save writes only that alarm
 * through the player's serialised write (re-read, found by its raw string, the others as read).
 */
export function useEditAlarm(
  deviceId: string,
  edit: ReturnType<typeof useEditDeviceAlarm>,
): { start: (alarm: DeviceAlarm) => void; element: ReactNode } {
  const notify = useNotify();
  const { alarmTypes } = useServices();
  const devices = useDevices();
  const device = useMemo(
    () => devices.data?.filter((candidate) => candidate.deviceId === deviceId) ?? [],
    [devices.data, deviceId],
  );
  const [open, setOpen] = useState<OpenEdit | null>(null);
  const opens = useRef(0);

  const start = useCallback(
    (alarm: DeviceAlarm) => {
      opens.current += 1;
      const type = alarmTypes.get(alarmTypeKey(deviceId, alarm));
      setOpen({ key: opens.current, alarm, start: draftFromAlarm(alarm, deviceId, type) });
    },
    [alarmTypes, deviceId],
  );

  const onSave = (draft: DialogDraft) => {
    if (!open || !draft.card) return;
    let next: string;
    try {
      next = editedAlarmString(open.alarm, open.start, { ...draft, card: draft.card });
    } catch (error) {
      notify.error(failedToSaveAlarm(error instanceof Error ? error.message : String(error)));
      return;
    }
    notify.info(ALARM_EDIT_TEXTS.saving);
    edit.mutate(
      { alarm: open.alarm, edit: { kind: 'replace', alarm: next } },
      {
        onSuccess: () => {
          // The device string has no type: the choice is kept beside the edited alarm.
          const written = parseAlarm(next, 0);
          if (written.ok) alarmTypes.set(alarmTypeKey(deviceId, written.alarm), draft.alarmType);
          setOpen(null);
          const time = parseTimeOfDay(draft.time);
          notify.success(
            alarmSaved({
              time: time ? formatTime(time.hour, time.minute) : draft.time,
              days: daysWording(draft.days),
            }),
          );
        },
        onError: (error) => {
          // Changed or removed on the player meanwhile: the list reloads, the dialog would edit a ghost.
          if (error.message === ALARM_GONE) {
            setOpen(null);
            notify.error(ALARM_EDIT_TEXTS.alarmGone);
          } else notify.error(failedToSaveAlarm(error.message));
        },
      },
    );
  };

  const onClose = () => {
    if (!edit.isPending) setOpen(null);
  };

  const element = open && (
    <Suspense fallback={null}>
      <CreateAlarmDialog
        key={open.key}
        editing
        subtitle={device[0]?.name ?? deviceId}
        devices={device}
        initial={open.start}
        creating={edit.isPending}
        onCreate={onSave}
        onClose={onClose}
      />
    </Suspense>
  );
  return { start, element };
}
