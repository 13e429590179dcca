import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { bluetoothBanner } from '@playlist-alarms/core/bluetooth-banner';
import { TIMINGS_MS } from '@playlist-alarms/core/constants';
import type { CommandResponse } from '../../../services/device-link-registry';

/**
 * The Bluetooth result of SPEC §4/§8: shows on every new command response that carries a
 * '/bluetooth/…' result (told apart by its sequence number), hides after 5 s, and can be closed.
 */
export function BluetoothBanner({ response }: { response: CommandResponse | null }) {
  const banner = bluetoothBanner(response?.status);
  const seq = banner ? (response?.seq ?? null) : null;
  // A response from before this panel mounted is not new: it does not show again.
  const [closedSeq, setClosedSeq] = useState<number | null>(seq);

  useEffect(() => {
    if (seq === null) return;
    const timer = window.setTimeout(() => setClosedSeq(seq), TIMINGS_MS.bluetoothBanner);
    return () => window.clearTimeout(timer);
  }, [seq]);

  const open = banner !== null && seq !== closedSeq;
  return (
    <Collapse in={open} unmountOnExit>
      {banner && (
        <Alert severity={banner.severity} onClose={() => setClosedSeq(seq)} data-testid="bluetooth-banner">
          {banner.message}
        </Alert>
      )}
    </Collapse>
  );
}
