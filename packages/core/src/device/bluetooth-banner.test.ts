import { describe, expect, it } from 'vitest';
import { bluetoothBanner, bluetoothBannerFor } from './bluetooth-banner';
import { bluetoothResultKey } from './device-message-fields';
import { parseCommandResponse } from './device-messages';
import { REAL_RESPONSES } from '../../test/support/real-mqtt-payloads';

describe('Bluetooth banner table', () => {
  it.each([
    ['state', 'Bluetooth state checked successfully', 'Bluetooth driver not responding'],
    ['connect', 'Bluetooth connection established', 'Bluetooth connection failed - no bonded devices?'],
    ['disconnect', 'Bluetooth disconnected successfully', 'Bluetooth disconnection failed'],
    ['delete_bonds', 'All Bluetooth bonds deleted', 'Failed to delete Bluetooth bonds'],
    ['on', 'Bluetooth enabled successfully (check mode in device status)', 'Failed to enable Bluetooth'],
    ['off', 'Bluetooth disabled successfully', 'Failed to disable Bluetooth'],
    ['pair', 'Bluetooth pair completed successfully', 'Bluetooth pair failed'],
  ])('%s: OK and FAIL texts', (command, ok, fail) => {
    expect(bluetoothBanner({ [`/bluetooth/${command}`]: 'OK' })).toEqual({
      command,
      severity: 'success',
      message: ok,
    });
    expect(bluetoothBanner({ [`/bluetooth/${command}`]: 'FAIL' })).toEqual({
      command,
      severity: 'error',
      message: fail,
    });
  });
  it('other values are info: "Bluetooth {cmd}: {value}"', () => {
    expect(bluetoothBannerFor('state', 'BUSY')).toEqual({
      command: 'state',
      severity: 'info',
      message: 'Bluetooth state: BUSY',
    });
  });
  it('ignores non-Bluetooth keys and req_body', () => {
    expect(bluetoothBanner({ events: 'OK', req_body: 'x' })).toBeNull();
    expect(bluetoothBanner({ req_body: 'x', '/bluetooth/off': 'OK' })?.message).toBe(
      'Bluetooth disabled successfully',
    );
    expect(bluetoothBanner(null)).toBeNull();
  });
  it('does not read inherited names as commands', () => {
    expect(bluetoothBannerFor('toString', 'OK').message).toBe('Bluetooth toString completed successfully');
  });
});

describe('Bluetooth answers keyed `bluetooth`, as real players send them', () => {
  it('show the banner as /bluetooth/… keys do', () => {
    const speaker = parseCommandResponse(REAL_RESPONSES.bluetoothSpeaker);
    expect(bluetoothResultKey(speaker ?? {})).toBe('bluetooth');
    // Only bluetooth/on has a body, so an echoed body names it.
    expect(bluetoothBanner(speaker)).toEqual({
      command: 'on',
      severity: 'success',
      message: 'Bluetooth enabled successfully (check mode in device status)',
    });
  });
  it('use the command the caller sent, and a generic text when nothing names it', () => {
    const failed = parseCommandResponse(REAL_RESPONSES.bluetoothStateFailed);
    expect(bluetoothBanner(failed, 'state')?.message).toBe('Bluetooth driver not responding');
    expect(bluetoothBanner(failed, 'delete-bonds')?.message).toBe('Failed to delete Bluetooth bonds');
    expect(bluetoothBanner(failed)).toEqual({
      command: 'command',
      severity: 'error',
      message: 'Bluetooth command failed',
    });
    expect(bluetoothBanner({ bluetooth: 'OK', req_body: '' })?.message).toBe(
      'Bluetooth command completed successfully',
    );
  });
  it('prefer the older /bluetooth/… key when both are present', () => {
    expect(bluetoothBanner({ bluetooth: 'FAIL', '/bluetooth/off': 'OK' })?.message).toBe(
      'Bluetooth disabled successfully',
    );
  });
});
