import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { RemoteVolumeSync } from '@playlist-alarms/core/remote-volume';
import type { RemoteVolumeTimers } from '@playlist-alarms/core/remote-volume';
import { deviceToGauge } from '@playlist-alarms/core/volume';
import { useServices } from '../../../services/app-services';
import type { SendCommand } from '../use-device-command';

const browserTimers: RemoteVolumeTimers = {
  set: (callback, ms) => window.setTimeout(callback, ms),
  clear: (handle) => window.clearTimeout(handle as number),
};

export interface RemoteVolume {
  /** The gauge value shown, 0–14. */
  value: number;
  updating: boolean;
  /** A user change (a segment, or 0 for mute): shown at once, sent after the debounce. */
  change: (value: number) => void;
}

/** The remote control gauge, synchronised with the player by core's state machine (SPEC §4). */
export function useRemoteVolume(deviceId: string, send: SendCommand): RemoteVolume {
  const { devices } = useServices();
  const [sync] = useState(() => {
    const created = new RemoteVolumeSync(
      (percent) => void send('volume/set', { volume: percent }),
      browserTimers,
    );
    const known = devices.getSnapshot().devices[deviceId]?.events;
    if (known?.volume !== undefined) created.reportFromDevice(deviceToGauge(known.volume, known.volumeMax));
    return created;
  });

  // Every events message that carries a volume is a device report, even when it repeats the last one.
  useEffect(
    () =>
      devices.onDeviceEvent(({ deviceId: from, events }) => {
        if (from !== deviceId || events.volume === undefined) return;
        const volumeMax = events.volumeMax ?? devices.getSnapshot().devices[deviceId]?.events?.volumeMax;
        sync.reportFromDevice(deviceToGauge(events.volume, volumeMax));
      }),
    [deviceId, devices, sync],
  );
  useEffect(() => () => sync.dispose(), [sync]);

  const subscribe = useCallback((listener: () => void) => sync.subscribe(listener), [sync]);
  // The two values shown, not the state object: every report changes the state (it records what the
  // player said) but seldom what the gauge shows, and the gauge is the panel's largest part.
  const value = useSyncExternalStore(subscribe, () => sync.state.value);
  const updating = useSyncExternalStore(subscribe, () => sync.state.updating);
  const change = useCallback((next: number) => sync.setByUser(next), [sync]);
  return { value, updating, change };
}
