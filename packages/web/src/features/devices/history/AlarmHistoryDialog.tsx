import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { historyRow } from '@playlist-alarms/core/cloud/alarm-history-view';
import { ALARM_HISTORY_TEXTS } from '@playlist-alarms/core/texts/alarm-history-texts';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { useAlarmHistory } from './use-alarm-history';

// The "Alarm history" view (loaded with its first opening): a player's ringings of the last 30
// days, newest first, each with its time, its alarm and its outcome in words (core's rules).

interface AlarmHistoryDialogProps {
  device: Device;
  onClose: () => void;
}

/** Times read in the page's own zone: the person reading is where the page runs. */
const pageZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function AlarmHistoryDialog({ device, onClose }: AlarmHistoryDialogProps) {
  const history = useAlarmHistory(device.deviceId);
  const zone = useMemo(() => pageZone(), []);
  const rows = useMemo(
    () => (history.data?.pages ?? []).flatMap((page) => page.entries).map((entry) => historyRow(entry, zone)),
    [history.data, zone],
  );
  const titleId = `alarm-history-${device.deviceId}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {ALARM_HISTORY_TEXTS.title}: {device.name}
      </DialogTitle>
      <DialogContent dividers>
        {history.isPending && <Typography color="text.secondary">{ALARM_HISTORY_TEXTS.loading}</Typography>}
        {history.isError && (
          <Alert severity="error">
            {ALARM_HISTORY_TEXTS.failed}: {history.error.message}
          </Alert>
        )}
        {history.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">{ALARM_HISTORY_TEXTS.empty}</Typography>
        )}
        {rows.length > 0 && (
          <List dense aria-label={ALARM_HISTORY_TEXTS.title}>
            {rows.map((row) => (
              <ListItem key={row.key} disableGutters data-testid="alarm-history-entry">
                <ListItemText
                  primary={`${row.when} · ${row.alarm}`}
                  secondary={`${row.outcome} · ${row.source}`}
                  slotProps={{ secondary: { color: row.rang ? 'success.main' : 'text.secondary' } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {history.hasNextPage && (
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? ALARM_HISTORY_TEXTS.loading : ALARM_HISTORY_TEXTS.loadMore}
          </Button>
        )}
        <Button onClick={onClose}>{ALARM_HISTORY_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
