import type { Device } from '../shared/entities';

// Play without a connection: which player a Play goes to.
type PlayTarget =
  { kind: 'none' } | { kind: 'single'; device: Device } | { kind: 'choose'; devices: Device[] };

export function playTarget(devices: readonly Device[]): PlayTarget {
  const online = devices.filter((device) => device.online);
  const [first] = online;
  if (!first) return { kind: 'none' };
  if (online.length === 1) return { kind: 'single', device: first };
  return { kind: 'choose', devices: online };
}
