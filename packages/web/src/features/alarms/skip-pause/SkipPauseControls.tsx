import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SKIP_PAUSE_TEXTS as T } from '@playlist-alarms/core/texts/skip-pause-texts';

/**
 * "Skip next" and "Pause until…", or "Resume" while either holds: a cloud alarm's and a player's
 * alarm's alike. `name` ends each button's accessible name ("Skip next Morning").
 */
export function SkipPauseControls({
  name,
  marked,
  canSkip,
  disabled = false,
  onSkip,
  onPause,
  onResume,
}: {
  name: string;
  /** A skip or a pause holds now (the status line shows which). */
  marked: boolean;
  /** There is a ringing ahead to skip. */
  canSkip: boolean;
  /** Neither may be asked now (the alarm is off, or a change is on its way). */
  disabled?: boolean;
  onSkip: () => void;
  onPause: () => void;
  onResume: () => void;
}) {
  if (marked)
    return (
      <Button size="small" aria-label={`${T.resume} ${name}`} disabled={disabled} onClick={onResume}>
        {T.resume}
      </Button>
    );
  return (
    <Stack direction="row" spacing={0.5}>
      <Button
        size="small"
        aria-label={`${T.skipNext} ${name}`}
        disabled={disabled || !canSkip}
        onClick={onSkip}
      >
        {T.skipNext}
      </Button>
      <Button size="small" aria-label={`${T.pauseUntil} ${name}`} disabled={disabled} onClick={onPause}>
        {T.pauseUntil}
      </Button>
    </Stack>
  );
}
