// SPEC §8 Bluetooth result banner: a command response's '/bluetooth/…' entry → severity and exact text.

export type BannerSeverity = 'success' | 'error' | 'info';

export interface BluetoothBanner {
  /** The command after '/bluetooth/', such as 'state' or 'delete_bonds'. */
  command: string;
  severity: BannerSeverity;
  message: string;
}

const TEXTS: Readonly<Record<string, { ok: string; fail: string }>> = {
  state: { ok: 'Bluetooth state checked successfully', fail: 'Bluetooth driver not responding' },
  connect: {
    ok: 'Bluetooth connection established',
    fail: 'Bluetooth connection failed - no bonded devices?',
  },
  disconnect: { ok: 'Bluetooth disconnected successfully', fail: 'Bluetooth disconnection failed' },
  delete_bonds: { ok: 'All Bluetooth bonds deleted', fail: 'Failed to delete Bluetooth bonds' },
  on: {
    ok: 'Bluetooth enabled successfully (check mode in device status)',
    fail: 'Failed to enable Bluetooth',
  },
  off: { ok: 'Bluetooth disabled successfully', fail: 'Failed to disable Bluetooth' },
};

export const BLUETOOTH_KEY_PREFIX = '/bluetooth/';

/** One command's result: success on 'OK', error on 'FAIL', info with the raw value otherwise. */
export function bluetoothBannerFor(command: string, value: unknown): BluetoothBanner {
  const texts = Object.hasOwn(TEXTS, command) ? TEXTS[command] : undefined;
  if (value === 'OK') {
    return {
      command,
      severity: 'success',
      message: texts?.ok ?? `Bluetooth ${command} completed successfully`,
    };
  }
  if (value === 'FAIL') {
    return { command, severity: 'error', message: texts?.fail ?? `Bluetooth ${command} failed` };
  }
  return { command, severity: 'info', message: `Bluetooth ${command}: ${String(value)}` };
}

/** A response status map's first '/bluetooth/' key: the Bluetooth result it carries, if any. */
export function bluetoothResultKey(status: Readonly<Record<string, unknown>>): string | undefined {
  return Object.keys(status).find((k) => k.startsWith(BLUETOOTH_KEY_PREFIX));
}

/** The banner for a response status map, from its first '/bluetooth/' key; null when it has none. */
export function bluetoothBanner(
  status: Readonly<Record<string, unknown>> | null | undefined,
): BluetoothBanner | null {
  if (!status) return null;
  const key = bluetoothResultKey(status);
  return key === undefined ? null : bluetoothBannerFor(key.slice(BLUETOOTH_KEY_PREFIX.length), status[key]);
}
