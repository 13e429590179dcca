// Form rules of the remote control panel that mqtt-commands.ts's payload builders
// do not cover: Bluetooth mode labels, the colour bounds, the URI checks, the timer labels.
import { RGB } from '../shared/constants';
import type { BluetoothOnChoice, DevicePayloads } from './mqtt-commands';

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The Bluetooth mode choices: the player plays to a device (audio source) or is the speaker. */
export const BLUETOOTH_MODES: ReadonlyArray<{ mode: BluetoothOnChoice['mode']; label: string }> = [
  { mode: 'audioSource', label: 'Audio source' },
  { mode: 'speaker', label: 'Speaker' },
];

/** ambients/set: each channel a whole number in 0–255. */
export const ambientPayload = (colour: {
  r: number;
  g: number;
  b: number;
}): DevicePayloads['ambients/set'] => ({
  r: clamp(Math.round(colour.r), RGB.min, RGB.max),
  g: clamp(Math.round(colour.g), RGB.min, RGB.max),
  b: clamp(Math.round(colour.b), RGB.min, RGB.max),
});

/** The custom playlist's Play and the display preview need a non-empty trimmed URI. */
export const hasUri = (text: string): boolean => text.trim() !== '';

/** A sleep timer value as the panel shows it: "Off" or "45 min". */
export const sleepTimerLabel = (minutes: number): string => (minutes <= 0 ? 'Off' : `${minutes} min`);
