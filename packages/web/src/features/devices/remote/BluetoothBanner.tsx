import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { bluetoothBanner } from '@playlist-alarms/core/device/bluetooth-banner';
import type { BluetoothBanner as Banner } from '@playlist-alarms/core/device/bluetooth-banner';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import type { CommandResponse } from '../../../services/realtime-snapshot';

/**
 * The Bluetooth result: shows on every new command response that carries a
 * '/bluetooth/…' result (told apart by its sequence number, so the same answer twice shows twice),
 * hides after 5 s, and can be closed. Other responses (status, events polls) leave it as it is.
 */
export function BluetoothBanner({ response }: { response: CommandResponse | null }) {
  // A response from before this panel mounted is not new.
  const [seenSeq, setSeenSeq] = useState<number | null>(response?.seq ?? null);
  const [shown, setShown] = useState<{ banner: Banner; seq: number } | null>(null);

  if (response && response.seq !== seenSeq) {
    setSeenSeq(response.seq);
    const banner = bluetoothBanner(response.status, response.sentCommand);
    if (banner) setShown({ banner, seq: response.seq });
  }

  const shownSeq = shown?.seq ?? null;
  useEffect(() => {
    if (shownSeq === null) return;
    const timer = window.setTimeout(() => setShown(null), TIMINGS_MS.bluetoothBanner);
    return () => window.clearTimeout(timer);
  }, [shownSeq]);

  return (
    <Collapse in={shown !== null} unmountOnExit>
      {shown && (
        <Alert severity={shown.banner.severity} onClose={() => setShown(null)} data-testid="bluetooth-banner">
          {shown.banner.message}
        </Alert>
      )}
    </Collapse>
  );
}
