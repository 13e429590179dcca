import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import type { Notice } from '../services/notifier';

export interface NoticeSnackbarProps {
  notice: Notice;
  onClose: () => void;
}

/**
 * Bottom right, auto-hides after 6 s. Each notice gets its own portal, a new child of
 * <body>: an open dialog aria-hides the body's children that existed when it opened, so a notice
 * raised from a dialog ("Creating alarm...") would otherwise be hidden from screen readers.
 */
export function NoticeSnackbar({ notice, onClose }: NoticeSnackbarProps) {
  return (
    <Portal key={notice.id}>
      <Snackbar
        open
        autoHideDuration={TIMINGS_MS.snackbar}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onClose();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert onClose={onClose} severity={notice.severity} variant="filled" sx={{ width: '100%' }}>
          {notice.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
