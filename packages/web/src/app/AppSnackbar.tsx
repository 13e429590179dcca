import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMINGS_MS } from '@playlist-alarms/core/constants';
import { useNotify } from './notifier-context';

/** SPEC §2 / §9: bottom right, auto-hides after 6 s. */
export function AppSnackbar() {
  const notifier = useNotify();
  const notice = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot);
  if (!notice) return null;
  const close = () => notifier.dismiss(notice.id);
  return (
    <Snackbar
      key={notice.id}
      open
      autoHideDuration={TIMINGS_MS.snackbar}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert onClose={close} severity={notice.severity} variant="filled" sx={{ width: '100%' }}>
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
