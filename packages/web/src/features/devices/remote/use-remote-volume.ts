import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { RemoteVolumeSync } from '@playlist-alarms/core/device/remote-volume';
import type { RemoteVolumeTimers } from '@playlist-alarms/core/device/remote-volume';
import { REMOTE_VOLUME } from '@playlist-alarms/core/shared/constants';
import { deviceToGauge } from '@playlist-alarms/core/device/volume';
import { maxGaugeUnder, volumeLimitOf } from '@playlist-alarms/core/device/volume-limit';
import { useServices } from '../../../services/app-services';
import type { SendCommand } from '../use-device-command';

const browserTimers: RemoteVolumeTimers = {
  set: (callback, ms) => window.setTimeout(callback, ms),
  clear: (handle) => window.clearTimeout(handle as number),
};

interface RemoteVolume {
  /** The gauge value shown, 0–14. */
  value: number;
  /** The highest value the player's limit allows, 0–14. */
  max: number;
  /** The player's max-volume limit (events' `volumeMax`), a step of 0–16. */
  limit: number;
  updating: boolean;
  /** A user change (a segment, or 0 for mute): shown at once, sent after the debounce. */
  change: (value: number) => void;
}

/** The remote control gauge, synchronised with the player by core's state machine. */
export function useRemoteVolume(deviceId: string, send: SendCommand): RemoteVolume {
  const { devices } = useServices();
  const [sync] = useState(() => {
    const created = new RemoteVolumeSync(
      (percent) => void send('volume/set', { volume: percent }),
      browserTimers,
    );
    const known = devices.getSnapshot().devices[deviceId]?.events;
    created.setLimit(gaugeLimit(known?.volumeMax));
    if (known?.volume !== undefined) created.reportFromDevice(deviceToGauge(known.volume));
    return created;
  });
  const [limit, setLimit] = useState(() =>
    volumeLimitOf(devices.getSnapshot().devices[deviceId]?.events?.volumeMax),
  );
  const limitRef = useRef(limit);

  // Every events message that carries a volume is a device report, even when it repeats the last one.
  useEffect(
    () =>
      devices.onDeviceEvent(({ deviceId: from, events }) => {
        if (from !== deviceId) return;
        // The limit first: a lower one brings the gauge down before the volume it caps arrives.
        if (events.volumeMax !== undefined) {
          sync.setLimit(gaugeLimit(events.volumeMax));
          // Every delta repeats the limit: only a new one re-renders the panel.
          const next = volumeLimitOf(events.volumeMax);
          if (next !== limitRef.current) {
            limitRef.current = next;
            setLimit(next);
          }
        }
        if (events.volume !== undefined) sync.reportFromDevice(deviceToGauge(events.volume));
      }),
    [deviceId, devices, sync],
  );
  useEffect(() => () => sync.dispose(), [sync]);

  const subscribe = useCallback((listener: () => void) => sync.subscribe(listener), [sync]);
  // The two values shown, not the state object: every report changes the state (it records what the
  // player said) but seldom what the gauge shows, and the gauge is the panel's largest part.
  const value = useSyncExternalStore(subscribe, () => sync.state.value);
  const max = useSyncExternalStore(subscribe, () => sync.state.max);
  const updating = useSyncExternalStore(subscribe, () => sync.state.updating);
  const change = useCallback((next: number) => sync.setByUser(next), [sync]);
  return { value, max, limit, updating, change };
}

/** The player's limit (0–16 step) as the highest gauge level within it. */
const gaugeLimit = (volumeMax: number | undefined): number =>
  maxGaugeUnder(volumeLimitOf(volumeMax), REMOTE_VOLUME.max);
