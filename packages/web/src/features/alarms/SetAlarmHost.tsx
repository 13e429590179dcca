import { useEffect, useRef } from 'react';
import type { Device, Playlist } from '@playlist-alarms/core/shared/entities';
import { useSetAlarm } from './use-set-alarm';

export interface SetAlarmRequest {
  playlist: Playlist;
  /** Grows with every press of Set Alarm, so pressing it twice for one playlist starts twice. */
  seq: number;
}

/**
 * The Set Alarm flow, loaded with its rules and dialog on first use (PlaylistsTab mounts it lazily):
 * it starts the flow once per request and renders the flow's dialog.
 */
export function SetAlarmHost({ devices, request }: { devices: readonly Device[]; request: SetAlarmRequest }) {
  const flow = useSetAlarm(devices);
  const handled = useRef(0);
  useEffect(() => {
    if (handled.current === request.seq) return;
    handled.current = request.seq;
    flow.start(request.playlist);
  });
  return flow.element;
}
