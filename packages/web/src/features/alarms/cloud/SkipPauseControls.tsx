import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CloudAlarm } from '@playlist-alarms/core/cloud/cloud-schemas';
import { SKIP_PAUSE_TEXTS as T } from '@playlist-alarms/core/texts/skip-pause-texts';

export interface SkipPauseActions {
  onSkip: (alarm: CloudAlarm) => void;
  onPause: (alarm: CloudAlarm) => void;
  onResume: (alarm: CloudAlarm) => void;
}

/** "Skip next" and "Pause until…", or "Resume" while either holds. */
export function SkipPauseControls({
  alarm,
  marked,
  actions,
}: {
  alarm: CloudAlarm;
  /** A skip or a pause holds now (the status line shows which). */
  marked: boolean;
  actions: SkipPauseActions;
}) {
  const name = alarm.alarm_name;
  if (marked)
    return (
      <Button size="small" aria-label={`${T.resume} ${name}`} onClick={() => actions.onResume(alarm)}>
        {T.resume}
      </Button>
    );
  return (
    <Stack direction="row" spacing={0.5}>
      <Button
        size="small"
        aria-label={`${T.skipNext} ${name}`}
        disabled={alarm.next_fire_at === null}
        onClick={() => actions.onSkip(alarm)}
      >
        {T.skipNext}
      </Button>
      <Button size="small" aria-label={`${T.pauseUntil} ${name}`} onClick={() => actions.onPause(alarm)}>
        {T.pauseUntil}
      </Button>
    </Stack>
  );
}
