import { lazy, Suspense, useState } from 'react';
import {
  cloudCapRefusal,
  duplicateCloudAlarm,
  type CardChoice,
} from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { ownAlarmCount } from '@playlist-alarms/core/cloud/household-alarms';
import { keptOnPlayer } from '@playlist-alarms/core/cloud/player-off-at';
import type { CloudAlarm, CloudAlarmCreate } from '@playlist-alarms/core/cloud/cloud-schemas';
import type { Device, DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { CLOUD_EDIT_TEXTS, cloudSwitched } from '@playlist-alarms/core/texts/cloud-edit-texts';
import { useNotify } from '../../../services/notifier-context';
import { useKeepOnPlayer } from '../api/keep-alarm-on-player';
import { useCreateCloudAlarm, useUpdateCloudAlarm } from './api/save-cloud-alarm';
import { useChangeTimeZone } from './api/save-cloud-user';
import type { FamilyCards } from './family-cards';

// The dialog's code loads with its first opening.
const CloudAlarmDialog = lazy(async () => ({
  default: (await import('./edit/CloudAlarmDialog')).CloudAlarmDialog,
}));

type Editing = { alarm: CloudAlarm | null } | null;

/**
 * New, Edit, Duplicate and the switch of the cloud card: the refusal at the cap before anything is
 * sent, the mutations, their toasts, and the lazy dialog to render.
 */
export function useCloudAlarmEdits(p: {
  devices: readonly Device[];
  alarms: readonly CloudAlarm[];
  cards: readonly CardChoice[];
  family: FamilyCards;
  zone: string;
  /** False while the user record is on its way and `zone` is only the browser's. */
  zoneKnown: boolean;
  detected: string;
  /** The signed-in user: the cap counts the alarms they set, not the other parent's. */
  userId?: string | undefined;
}) {
  const notify = useNotify();
  const create = useCreateCloudAlarm();
  const update = useUpdateCloudAlarm();
  const keep = useKeepOnPlayer();
  const changeZone = useChangeTimeZone();
  const [editing, setEditing] = useState<Editing>(null);
  const refused = () => {
    const refusal = cloudCapRefusal(ownAlarmCount(p.alarms, p.userId));
    if (refusal) notify.error(refusal);
    return refusal !== null;
  };

  const open = (alarm: CloudAlarm | null) => {
    if (alarm === null && refused()) return;
    p.family.load();
    setEditing({ alarm });
  };

  const duplicate = (alarm: CloudAlarm) => {
    if (refused()) return;
    create.mutate(duplicateCloudAlarm(alarm), {
      onSuccess: () => notify.success(CLOUD_EDIT_TEXTS.duplicated),
      onError: (error) => notify.error(error.message),
    });
  };

  const toggle = (alarm: CloudAlarm, on: boolean) =>
    update.mutate(
      { id: alarm.id, patch: { is_enabled: on } },
      {
        onSuccess: () => notify.success(cloudSwitched(alarm.alarm_name, on)),
        onError: (error) => notify.error(error.message),
      },
    );

  const save = async (body: CloudAlarmCreate, zone: string | null) => {
    const current = editing?.alarm ?? null;
    const failed = (error: Error) => notify.error(error.message);
    const saved = (text: string) => () => {
      setEditing(null);
      notify.success(text);
    };
    try {
      // The zone first: the alarm's next ring is computed in the zone it is saved with.
      if (zone !== null && zone !== p.zone) await changeZone.mutateAsync(zone);
    } catch (error) {
      failed(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (current === null) {
      create.mutate(body, { onSuccess: saved(CLOUD_EDIT_TEXTS.created), onError: failed });
    } else {
      update.mutate(
        { id: current.id, patch: body },
        { onSuccess: saved(CLOUD_EDIT_TEXTS.saved), onError: failed },
      );
    }
  };

  const keepOnPlayer = (device: Device, alarm: DeviceAlarm) =>
    keep.mutate(
      { deviceId: device.deviceId, alarm },
      {
        onSuccess: () => {
          setEditing(null);
          notify.success(keptOnPlayer(device.name, alarm.time));
        },
        onError: (error) => notify.error(error.message),
      },
    );

  const dialog = editing && (
    <Suspense fallback={null}>
      <CloudAlarmDialog
        editing={editing.alarm}
        devices={p.devices}
        cards={p.cards}
        familyLoading={p.family.loading}
        timeZone={p.zone}
        zoneKnown={p.zoneKnown}
        detected={p.detected}
        busy={create.isPending || update.isPending || keep.isPending || changeZone.isPending}
        onSave={(body, zone) => void save(body, zone)}
        onKeepOnPlayer={keepOnPlayer}
        onClose={() => setEditing(null)}
      />
    </Suspense>
  );

  return { openNew: () => open(null), openEdit: open, duplicate, toggle, dialog };
}
