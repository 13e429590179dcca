import type { CloudAlarmDraft } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { AlarmDaysField, AlarmTimeField } from '../../AlarmDialogFields';

type Change = (change: Partial<CloudAlarmDraft>) => void;

/** Time of day and the days it rings (Monday first): the player alarm dialog's own fields. */
export function ScheduleFields({ draft, update }: { draft: CloudAlarmDraft; update: Change }) {
  return (
    <>
      <AlarmTimeField time={draft.time} onChange={(time) => update({ time })} />
      <AlarmDaysField days={draft.days} onChange={(days) => update({ days })} />
    </>
  );
}
