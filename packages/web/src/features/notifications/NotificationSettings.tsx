import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  notificationKindSwitches,
  quietHoursValid,
  switchKind,
} from '@playlist-alarms/core/notifications/notification-settings';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type QuietHours,
} from '@playlist-alarms/core/notifications/parent-notification';
import { PUSH_SETTINGS_TEXTS as T } from '@playlist-alarms/core/texts/push-settings-texts';
import { useNotify } from '../../services/notifier-context';
import { PushPermissionDenied, type BrowserPush, type PushSource } from '../../services/push-client';

// The Notifications settings (docs/decisions/push-notifications.md): this browser on or off, a switch
// per kind ("Notify me when…"), and the parent's quiet hours. Says plainly when the browser has no
// Web Push or the parent blocked it. Its rules (the clock, the kinds) are core's
// notification-settings.ts, which the server's checks share.

export function NotificationSettings({ source }: { source: PushSource }) {
  const notify = useNotify();
  const [support, setSupport] = useState(() => source.support());
  const [browser, setBrowser] = useState<BrowserPush | null | 'loading'>('loading');
  const [quiet, setQuiet] = useState<QuietHours | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    source.current().then(
      (found) => live && setBrowser(found),
      () => live && setBrowser(null),
    );
    source.quietHours().then(
      (found) => live && setQuiet(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source]);

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    work()
      .catch((error: unknown) => {
        if (error instanceof PushPermissionDenied) setSupport(source.support());
        else notify.error(`${T.failed}: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => setBusy(false));
  };
  const turnOn = () => run(async () => setBrowser(await source.subscribe(NOTIFICATION_KINDS)));
  const turnOff = () =>
    run(async () => {
      await source.unsubscribe();
      setBrowser(null);
    });
  const toggle = (current: BrowserPush, kind: NotificationKind, on: boolean) =>
    run(async () => setBrowser(await source.setKinds(switchKind(current.kinds, kind, on))));
  const quietValid = quietHoursValid(quiet);
  const saveQuiet = () =>
    quiet !== null &&
    run(async () => {
      setQuiet(await source.setQuietHours(quiet));
      notify.success(T.quietHoursSaved);
    });

  const usable = support === 'granted' || support === 'default';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="notifications-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h2" component="h2" id="notifications-title">
          {T.title}
        </Typography>
        <Typography color="text.secondary">{T.intro}</Typography>
        {support === 'unsupported' && <Alert severity="info">{T.unsupported}</Alert>}
        {support === 'denied' && <Alert severity="warning">{T.denied}</Alert>}
        {usable && browser === null && (
          <Button variant="contained" onClick={turnOn} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {T.turnOn}
          </Button>
        )}
        {usable && browser !== null && browser !== 'loading' && (
          <>
            <Typography role="status">{T.turnedOn}</Typography>
            <FormControl component="fieldset" disabled={busy}>
              <FormLabel component="legend">{T.notifyMeWhen}</FormLabel>
              <FormGroup>
                {notificationKindSwitches(browser.kinds).map(({ kind, label, on }) => (
                  <FormControlLabel
                    key={kind}
                    label={label}
                    control={<Switch checked={on} onChange={(_event, next) => toggle(browser, kind, next)} />}
                  />
                ))}
              </FormGroup>
            </FormControl>
            <Button variant="outlined" onClick={turnOff} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
              {T.turnOff}
            </Button>
          </>
        )}
        {quiet !== null && (
          <FormControl component="fieldset" disabled={busy}>
            <FormLabel component="legend">{T.quietHours}</FormLabel>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.quietHint}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <TextField
                type="time"
                label={T.quietFrom}
                value={quiet.start}
                onChange={(event) => setQuiet({ ...quiet, start: event.target.value })}
                size="small"
              />
              <TextField
                type="time"
                label={T.quietTo}
                value={quiet.end}
                onChange={(event) => setQuiet({ ...quiet, end: event.target.value })}
                size="small"
              />
              <Button onClick={saveQuiet} disabled={busy || !quietValid}>
                {T.saveQuietHours}
              </Button>
            </Stack>
          </FormControl>
        )}
      </Stack>
    </Paper>
  );
}
