import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';

/**
 * A list that could not be loaded: what failed, and Retry. A retry of a list with no data puts its
 * query back to pending, so the caller's spinner replaces this while it runs.
 */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {MESSAGES.retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
