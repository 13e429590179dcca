// The player's Bluetooth: enabled and mode, bonded devices, devices in range with their signal,
// and the scenario knobs (a driver that stops answering, single commands that fail).
import { z } from 'zod';
import { RSSI } from '@playlist-alarms/core/shared/constants';
import type { BluetoothOnPayload } from '@playlist-alarms/core/device/mqtt-commands';

/** The command part of the older response keys: `/bluetooth/{command}`. */
export const BLUETOOTH_COMMANDS = ['on', 'off', 'state', 'connect', 'disconnect', 'delete_bonds'] as const;
export type BluetoothCommand = (typeof BLUETOOTH_COMMANDS)[number];

export interface BluetoothDevice {
  mac: string;
  name: string;
  /** dBm as the player hears it. */
  rssi: number;
}

export interface BluetoothState {
  enabled: boolean;
  /** From the last bluetooth/on: 'true' audio source, 'bt_speaker' speaker; null before any. */
  mode: 'true' | 'bt_speaker' | null;
  connected: boolean;
  /** The mac of the connected device. */
  connectedTo: string | null;
  bonds: { mac: string; name: string }[];
  /** Devices in range. */
  nearby: BluetoothDevice[];
  /** Every Bluetooth command answers FAIL ("Bluetooth driver not responding"). */
  driverFailure: boolean;
  /** These commands answer FAIL, the others work. */
  failCommands: BluetoothCommand[];
}

/** The same speakers and headphones are in range of every demo player; nothing is bonded. */
const DEFAULT_NEARBY: readonly BluetoothDevice[] = [
  { mac: 'A4:C1:38:5E:21:07', name: 'Living Room Speaker', rssi: -58 },
  { mac: 'F0:5C:77:0B:93:4A', name: 'Kids Headphones', rssi: -71 },
  // Below the default threshold of -80: only a lowered RSSI threshold reaches it.
  { mac: '3C:A5:19:7D:40:E2', name: 'Garden Speaker', rssi: -88 },
];

export const initialBluetooth = (enabled: boolean): BluetoothState => ({
  enabled,
  mode: null,
  connected: false,
  connectedTo: null,
  bonds: [],
  nearby: DEFAULT_NEARBY.map((device) => ({ ...device })),
  driverFailure: false,
  failCommands: [],
});

/** A mac (any case) or, failing that, a name (any case). */
const matches = (device: { mac: string; name: string }, target: string): boolean =>
  device.mac.toLowerCase() === target.toLowerCase() || device.name.toLowerCase() === target.toLowerCase();

function connect(bt: BluetoothState, mac: string | null): void {
  bt.connectedTo = mac;
  bt.connected = mac !== null;
}

/** The first bonded device in range at or above the threshold. */
function bondedInRange(bt: BluetoothState, threshold: number): BluetoothDevice | undefined {
  return bt.nearby.find(
    (device) => device.rssi >= threshold && bt.bonds.some((bond) => bond.mac === device.mac),
  );
}

function turnOn(bt: BluetoothState, payload: BluetoothOnPayload): void {
  bt.enabled = true;
  bt.mode = payload.mode;
  // A speaker waits for a phone to connect to it: it reaches out to nobody.
  if (!('action' in payload)) {
    connect(bt, null);
    return;
  }
  const threshold = payload.rssi ?? RSSI.default;
  // A mac is preferred over a name when both are sent: it names one device, a name may not.
  const target = payload.mac ?? payload.name;
  if (target === undefined) {
    const bonded = bondedInRange(bt, threshold);
    if (bonded) connect(bt, bonded.mac);
    return;
  }
  const device = bt.nearby.find((d) => matches(d, target));
  if (!device || device.rssi < threshold) return;
  if (!bt.bonds.some((bond) => bond.mac === device.mac))
    bt.bonds.push({ mac: device.mac, name: device.name });
  connect(bt, device.mac);
}

/**
 * In speaker mode a real player stops handling MQTT commands until its left button is held for
 * about 3 seconds (docs/provider-contract.md, MQTT): while this is true it ignores every command.
 */
export const inSpeakerMode = (bt: BluetoothState): boolean => bt.enabled && bt.mode === 'bt_speaker';

/** Seconds the left button must be held to leave speaker mode. */
const SPEAKER_UNLOCK_HOLD_SECONDS = 3;

/** Holding the left button long enough leaves speaker mode (Bluetooth off); true if it did. */
export function holdLeftButton(bt: BluetoothState, seconds: number): boolean {
  if (!inSpeakerMode(bt) || seconds < SPEAKER_UNLOCK_HOLD_SECONDS) return false;
  bt.enabled = false;
  bt.mode = null;
  connect(bt, null);
  return true;
}

/** Runs one Bluetooth command on the state; true for OK, false for FAIL. */
export function runBluetooth(
  bt: BluetoothState,
  command: BluetoothCommand,
  onPayload: BluetoothOnPayload | null,
): boolean {
  if (bt.driverFailure || bt.failCommands.includes(command)) return false;
  switch (command) {
    case 'on':
      if (onPayload) turnOn(bt, onPayload);
      return onPayload !== null;
    case 'off':
      bt.enabled = false;
      connect(bt, null);
      return true;
    case 'state':
      return true;
    case 'connect': {
      // "Bluetooth connection failed - no bonded devices?": off, nothing bonded, or none in range.
      const bonded = bt.enabled ? bondedInRange(bt, RSSI.default) : undefined;
      if (!bonded) return false;
      connect(bt, bonded.mac);
      return true;
    }
    case 'disconnect':
      if (!bt.enabled) return false;
      connect(bt, null);
      return true;
    case 'delete_bonds':
      bt.bonds = [];
      connect(bt, null);
      return true;
  }
}

const mac = z.string().regex(/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/, 'a mac like A4:C1:38:5E:21:07');

/** POST /_sandbox/devices/{id}/bluetooth: the player's Bluetooth scenario; fields left out stay. */
export const bluetoothKnobSchema = z
  .object({
    enabled: z.boolean().optional(),
    /** Bonded devices, each a mac or the name of a device in range. */
    bonds: z.array(z.string().min(1).max(64)).max(16).optional(),
    nearby: z
      .array(z.object({ mac, name: z.string().min(1).max(64), rssi: z.number().min(-120).max(0) }).strict())
      .max(16)
      .optional(),
    driverFailure: z.boolean().optional(),
    failCommands: z.array(z.enum(BLUETOOTH_COMMANDS)).optional(),
  })
  .strict();

export type BluetoothKnob = z.infer<typeof bluetoothKnobSchema>;

export function applyBluetoothKnob(bt: BluetoothState, knob: BluetoothKnob): void {
  if (knob.nearby) bt.nearby = knob.nearby.map((device) => ({ ...device }));
  if (knob.bonds) {
    bt.bonds = knob.bonds.map((target) => {
      const device = bt.nearby.find((d) => matches(d, target));
      return device ? { mac: device.mac, name: device.name } : { mac: target, name: target };
    });
  }
  if (knob.enabled !== undefined) bt.enabled = knob.enabled;
  if (knob.driverFailure !== undefined) bt.driverFailure = knob.driverFailure;
  if (knob.failCommands) bt.failCommands = [...knob.failCommands];
  // A connection survives only to a device still bonded, in range, with Bluetooth on.
  const still =
    bt.nearby.some((d) => d.mac === bt.connectedTo) && bt.bonds.some((b) => b.mac === bt.connectedTo);
  if (!bt.enabled || !still) connect(bt, null);
}
