import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { ALARM_HISTORY_OPEN } from '@playlist-alarms/core/texts/alarm-history-texts';

// The view, its list, its words and its reads load with the first opening, not with the Devices
// tab: the card itself carries only this button, kept bare (the logged-in bundle's budget is tight).
const AlarmHistoryDialog = lazy(() => import('./AlarmHistoryDialog'));

/** A player card's "Alarm history" control: opens the player's recent ringings. */
export function AlarmHistoryButton({ device }: { device: Device }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{ALARM_HISTORY_OPEN}</Button>
      {open && (
        <Suspense fallback={null}>
          <AlarmHistoryDialog device={device} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
