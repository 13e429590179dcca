import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { SKIP_PAUSE_TEXTS as T } from '@playlist-alarms/core/texts/skip-pause-texts';

/** "Pause until…": the last silent day, today or later (the server checks it in the alarm's zone). */
export function PauseDialog({
  name,
  today,
  busy,
  onPause,
  onClose,
}: {
  name: string;
  /** Today in the alarm's zone (the household's, or the player's), YYYY-MM-DD: the earliest date offered. */
  today: string;
  busy: boolean;
  onPause: (through: string) => void;
  onClose: () => void;
}) {
  const [through, setThrough] = useState(today);
  return (
    <Dialog open onClose={onClose} aria-labelledby="pause-dialog-title">
      <DialogTitle id="pause-dialog-title">{`${T.pauseDialogTitle} ${name}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.pauseDialogHelp}</DialogContentText>
        <TextField
          type="date"
          label={T.pauseDateLabel}
          value={through}
          onChange={(event) => setThrough(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          sx={{ mt: 2 }}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button variant="contained" disabled={busy || through < today} onClick={() => onPause(through)}>
          {T.pauseConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
