// Test-only: one case per device command, built the way the app builds them, with the exact bytes
// a broker must carry. Written out by hand so a change in how the link serialises cannot go unnoticed.
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import {
  bluetoothOnPayload,
  displayPreviewPayload,
  sleepTimerPayload,
} from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { gaugeToPercent } from '@playlist-alarms/core/device/volume';
import type { DeviceLink } from '../../src/device-link-types';

interface CommandCase {
  name: DeviceCommandName;
  send: (link: Pick<DeviceLink, 'send'>) => boolean;
  /** The payload on the wire; '' for a command without one. */
  wire: string;
}

const command = <K extends DeviceCommandName>(
  name: K,
  payload: DevicePayloads[K],
  wire: string,
): CommandCase => ({
  name,
  send: (link) => link.send(name, payload),
  wire,
});

/** Every device command, in core's map's order. */
export const everyCommand: readonly CommandCase[] = [
  command('status/request', null, ''),
  command('events/request', null, ''),
  // Gauge 7 of 14 → round(7 × 100 / 14).
  command('volume/set', { volume: gaugeToPercent(7) }, '{"volume":50}'),
  command('ambients/set', { r: 255, g: 165, b: 0 }, '{"r":255,"g":165,"b":0}'),
  command('sleep-timer/set', sleepTimerPayload(30), '{"seconds":1800}'),
  command('reboot', null, ''),
  command(
    'card/start',
    { uri: cardUri('https://yoto.io', 'abc12', { chapterKey: '01', trackKey: '02' }) },
    '{"uri":"https://yoto.io/abc12#chapter=01&track=02"}',
  ),
  command('card/stop', null, ''),
  command('card/pause', null, ''),
  command('card/resume', null, ''),
  command(
    'bluetooth/on',
    // Audio source here: speaker mode would make a real (and the simulated) player ignore every
    // later command until its left button is held, so it has its own tests.
    bluetoothOnPayload({ mode: 'audioSource', mac: 'AA:BB:CC:DD:EE:FF', name: 'Kitchen', rssi: -70 }),
    '{"action":"on","mode":"true","mac":"AA:BB:CC:DD:EE:FF","rssi":-70}',
  ),
  command('bluetooth/off', null, ''),
  command('bluetooth/delete-bonds', null, ''),
  command('bluetooth/connect', null, ''),
  command('bluetooth/disconnect', null, ''),
  command('bluetooth/state', null, ''),
  command(
    'display/preview',
    displayPreviewPayload({ uri: 'https://example.com/icon.png', timeoutSeconds: 5, animated: true }),
    '{"uri":"https://example.com/icon.png","timeout":5,"animated":1}',
  ),
];
