import { useState } from 'react';
import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { localDateOf, type SkipPauseChange } from '@playlist-alarms/core/alarms/skip-pause';
import { useNotify } from '../../../services/notifier-context';
import { LazyPauseDialog } from '../skip-pause/LazyPauseDialog';
import { useMarkCloudAlarm } from './api/mark-cloud-alarm';

/** The cards' "Skip next", "Pause until…" (with its lazy dialog) and "Resume". */
export function useSkipPause(zone: string) {
  const notify = useNotify();
  const mark = useMarkCloudAlarm();
  const [pausing, setPausing] = useState<CloudAlarm | null>(null);
  const send = (alarm: CloudAlarm, change: SkipPauseChange, after?: () => void) =>
    mark.mutate(
      { id: alarm.id, change },
      { onSuccess: after, onError: (error) => notify.error(error.message) },
    );

  const dialog = pausing && (
    <LazyPauseDialog
      name={pausing.alarm_name}
      today={localDateOf(new Date(), effectiveTimeZone(zone))}
      busy={mark.isPending}
      onPause={(through) => send(pausing, { action: 'pause', through }, () => setPausing(null))}
      onClose={() => setPausing(null)}
    />
  );
  return {
    onSkip: (alarm: CloudAlarm) => send(alarm, { action: 'skip' }),
    onPause: (alarm: CloudAlarm) => setPausing(alarm),
    onResume: (alarm: CloudAlarm) => send(alarm, { action: 'resume' }),
    dialog,
  };
}
