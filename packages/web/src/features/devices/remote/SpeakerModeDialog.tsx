import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SPEAKER_MODE_CONFIRM } from '@playlist-alarms/core/texts/messages';

export interface SpeakerModeDialogProps {
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before speaker mode: once in it the player ignores the app until its left button is held,
 * so the parent must know that before anything is sent. Mounted only while asking (a lazy chunk).
 */
export function SpeakerModeDialog({ onConfirm, onCancel }: SpeakerModeDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby="speaker-mode-title"
      aria-describedby="speaker-mode-body speaker-mode-unlock"
    >
      <DialogTitle id="speaker-mode-title">{SPEAKER_MODE_CONFIRM.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="speaker-mode-body" gutterBottom>
          {SPEAKER_MODE_CONFIRM.body}
        </DialogContentText>
        <DialogContentText id="speaker-mode-unlock">{SPEAKER_MODE_CONFIRM.unlock}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {SPEAKER_MODE_CONFIRM.cancel}
        </Button>
        <Button onClick={onConfirm} color="warning" variant="contained">
          {SPEAKER_MODE_CONFIRM.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
