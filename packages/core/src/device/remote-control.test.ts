import { describe, expect, it } from 'vitest';
import { BLUETOOTH_MODES, ambientPayload, hasUri, sleepTimerLabel } from './remote-control';
import { bluetoothOnPayload } from './mqtt-commands';

describe('remote control form rules', () => {
  it('ambient colour: whole numbers within 0–255', () => {
    expect(ambientPayload({ r: 255.4, g: -3, b: 300 })).toEqual({ r: 255, g: 0, b: 255 });
    expect(ambientPayload({ r: 139, g: 195, b: 74 })).toEqual({ r: 139, g: 195, b: 74 });
  });
  it('a URI counts only when its trimmed text is non-empty', () => {
    expect(hasUri('   ')).toBe(false);
    expect(hasUri('')).toBe(false);
    expect(hasUri(' yoto:/card ')).toBe(true);
  });
  it('sleep timer label: Off at 0, else minutes', () => {
    expect(sleepTimerLabel(0)).toBe('Off');
    expect(sleepTimerLabel(45)).toBe('45 min');
  });
  it('the two Bluetooth modes map to the wire modes', () => {
    expect(BLUETOOTH_MODES.map(({ mode }) => bluetoothOnPayload({ mode }).mode)).toEqual([
      'true',
      'bt_speaker',
    ]);
  });
});
