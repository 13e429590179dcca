// The Bluetooth result banner: a command response's Bluetooth entry → severity and exact text.
// Real players key it `bluetooth` (the command topic's first segment); older clients write
// `/bluetooth/state`.
// Which key that is lives with the schema-free message readers (device-message-fields.ts), which the
// always-loaded device link registry uses; the banner's texts load with the devices tab.
import { BLUETOOTH_KEY_PREFIX, BLUETOOTH_RESOURCE_KEY, bluetoothResultKey } from './device-message-fields';

type BannerSeverity = 'success' | 'error' | 'info';

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

/** What a `bluetooth` answer is called when nothing tells which command it answers. */
const UNKNOWN_COMMAND = 'command';

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

/**
 * Which command a `bluetooth` answer is for: the one the caller knows it sent, else `on` when the
 * echoed request had a body (only bluetooth/on carries one), else unknown.
 */
function commandOfResourceAnswer(reqBody: unknown, sentCommand: string | undefined): string {
  if (sentCommand) return sentCommand.replace('delete-bonds', 'delete_bonds');
  return typeof reqBody === 'string' && reqBody.trim().startsWith('{') ? 'on' : UNKNOWN_COMMAND;
}

/**
 * The banner for a response status map, from its Bluetooth key; null when it has none.
 * `sentCommand` ('state', 'delete_bonds', …) names the Bluetooth command last sent, for answers
 * keyed only `bluetooth`.
 */
export function bluetoothBanner(
  status: Readonly<Record<string, unknown>> | null | undefined,
  sentCommand?: string,
): BluetoothBanner | null {
  if (!status) return null;
  const key = bluetoothResultKey(status);
  if (key === undefined) return null;
  const command =
    key === BLUETOOTH_RESOURCE_KEY
      ? commandOfResourceAnswer(status.req_body, sentCommand)
      : key.slice(BLUETOOTH_KEY_PREFIX.length);
  return bluetoothBannerFor(command, status[key]);
}
