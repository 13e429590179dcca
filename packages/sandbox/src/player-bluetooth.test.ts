import { beforeEach, describe, expect, it } from 'vitest';
import { bluetoothBanner } from '@playlist-alarms/core/device/bluetooth-banner';
import { parseCommandResponse } from '@playlist-alarms/core/device/device-messages';
import { playerHarness } from '../test/support/player-harness';
import type { PlayerHarness } from '../test/support/player-harness';
import { REAL_SPEAKER_MODE_COMMAND } from '@playlist-alarms/core/test/support/real-mqtt-payloads';

let h: PlayerHarness;
beforeEach(() => {
  h = playerHarness();
});

const SPEAKER = 'A4:C1:38:5E:21:07';
const HEADPHONES = 'F0:5C:77:0B:93:4A';
const GARDEN = '3C:A5:19:7D:40:E2';

/** The Bluetooth command last sent: real answers are keyed `bluetooth`, so the app knows it. */
let sent: string | undefined;
const command = (name: string, payload?: unknown): void => {
  if (name.startsWith('bluetooth/')) sent = name.slice('bluetooth/'.length);
  h.command(name, payload);
};
/** The banner text the app would show for the player's last response. */
const lastBanner = () => bluetoothBanner(parseCommandResponse(h.responses().at(-1)), sent)?.message;
const bt = () => h.player.snapshot().bluetooth;

describe('simulated player Bluetooth', () => {
  it('fails connect with no bonded device, keyed `bluetooth` as real players answer', () => {
    command('bluetooth/connect');
    expect(h.responses().at(-1)).toEqual({ status: { bluetooth: 'FAIL', req_body: '' } });
    expect(lastBanner()).toBe('Bluetooth connection failed - no bonded devices?');
    expect(bt()).toMatchObject({ enabled: true, connected: false, bonds: [] });
  });

  it('bonds and connects a device in range named by mac in preference to name', () => {
    command('bluetooth/on', { action: 'on', mode: 'true', mac: SPEAKER, name: 'Kids Headphones' });
    expect(lastBanner()).toBe('Bluetooth enabled successfully (check mode in device status)');
    expect(bt()).toMatchObject({
      enabled: true,
      mode: 'true',
      connected: true,
      connectedTo: SPEAKER,
      bonds: [{ mac: SPEAKER, name: 'Living Room Speaker' }],
    });
    command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ bluetoothHp: 1 });
    expect(h.player.apiStatus()).toMatchObject({ isBluetoothAudioConnected: true });
  });

  it('reaches a device by name, and one below -80 dBm only with a lower RSSI threshold', () => {
    command('bluetooth/on', { action: 'on', mode: 'true', name: 'kids headphones' });
    expect(bt()).toMatchObject({ mode: 'true', connectedTo: HEADPHONES });
    command('bluetooth/on', { action: 'on', mode: 'true', mac: GARDEN });
    expect(bt()).toMatchObject({
      connectedTo: HEADPHONES,
      bonds: [{ mac: HEADPHONES, name: 'Kids Headphones' }],
    });
    command('bluetooth/on', { action: 'on', mode: 'true', mac: GARDEN, rssi: -90 });
    expect(bt()).toMatchObject({ connectedTo: GARDEN });
    expect(bt().bonds.map((b) => b.mac)).toEqual([HEADPHONES, GARDEN]);
  });

  it('connects to a bonded device in range; disconnect, off and delete_bonds answer OK', () => {
    h.player.setBluetooth({ bonds: ['Living Room Speaker'] });
    command('bluetooth/connect');
    expect(lastBanner()).toBe('Bluetooth connection established');
    expect(bt()).toMatchObject({ connected: true, connectedTo: SPEAKER });
    command('bluetooth/disconnect');
    expect(lastBanner()).toBe('Bluetooth disconnected successfully');
    expect(bt().connected).toBe(false);
    command('bluetooth/state');
    expect(lastBanner()).toBe('Bluetooth state checked successfully');
    command('bluetooth/off');
    expect(lastBanner()).toBe('Bluetooth disabled successfully');
    expect(bt().enabled).toBe(false);
    command('bluetooth/connect');
    expect(lastBanner()).toBe('Bluetooth connection failed - no bonded devices?');
    command('bluetooth/disconnect');
    expect(lastBanner()).toBe('Bluetooth disconnection failed');
    command('bluetooth/delete-bonds');
    expect(h.responses().at(-1)).toEqual({ status: { bluetooth: 'OK', req_body: '' } });
    expect(lastBanner()).toBe('All Bluetooth bonds deleted');
    expect(bt().bonds).toEqual([]);
  });

  it('turning on without a target reconnects a bonded device in range', () => {
    h.player.setBluetooth({ enabled: false, bonds: [HEADPHONES] });
    command('bluetooth/on', { action: 'on', mode: 'true' });
    expect(bt()).toMatchObject({ enabled: true, connectedTo: HEADPHONES });
  });

  it('fails connect when the bonded device is out of range', () => {
    h.player.setBluetooth({ bonds: [SPEAKER], nearby: [] });
    command('bluetooth/connect');
    expect(lastBanner()).toBe('Bluetooth connection failed - no bonded devices?');
  });

  it('answers FAIL to every command while the driver does not respond', () => {
    h.player.setBluetooth({ driverFailure: true, bonds: [SPEAKER] });
    const failures = {
      'bluetooth/state': 'Bluetooth driver not responding',
      'bluetooth/connect': 'Bluetooth connection failed - no bonded devices?',
      'bluetooth/disconnect': 'Bluetooth disconnection failed',
      'bluetooth/delete-bonds': 'Failed to delete Bluetooth bonds',
      'bluetooth/off': 'Failed to disable Bluetooth',
    };
    for (const [name, text] of Object.entries(failures)) {
      command(name);
      expect(lastBanner()).toBe(text);
    }
    command('bluetooth/on', { action: 'on', mode: 'true' });
    expect(lastBanner()).toBe('Failed to enable Bluetooth');
    expect(bt()).toMatchObject({ enabled: true, bonds: [{ mac: SPEAKER }], connected: false });
  });

  it('fails only the commands listed in failCommands', () => {
    h.player.setBluetooth({ failCommands: ['off'] });
    command('bluetooth/off');
    expect(lastBanner()).toBe('Failed to disable Bluetooth');
    command('bluetooth/state');
    expect(lastBanner()).toBe('Bluetooth state checked successfully');
  });

  it('drops a connection the scenario no longer allows', () => {
    command('bluetooth/on', { action: 'on', mode: 'true', mac: SPEAKER });
    h.player.setBluetooth({ nearby: [] });
    expect(bt()).toMatchObject({ connected: false, connectedTo: null, bonds: [{ mac: SPEAKER }] });
  });
});

describe('simulated player Bluetooth speaker mode', () => {
  it('enters on the real form { mode: "bt_speaker" } and then ignores every command', () => {
    command('bluetooth/on', REAL_SPEAKER_MODE_COMMAND);
    expect(h.responses().at(-1)).toEqual({ status: { bluetooth: 'OK', req_body: '{"mode":"bt_speaker"}' } });
    expect(h.player.snapshot()).toMatchObject({
      commandsLocked: true,
      bluetooth: { enabled: true, mode: 'bt_speaker', connected: false },
    });
    h.clear();
    command('bluetooth/off');
    command('volume/set', { volume: 10 });
    command('events/request');
    expect(h.published).toEqual([]);
    expect(h.player.snapshot()).toMatchObject({ ignoredCommands: 3, bluetooth: { enabled: true } });
  });

  it('answers FAIL to speaker mode sent with an action, and stays unlocked', () => {
    command('bluetooth/on', { action: 'on', mode: 'bt_speaker' });
    expect(h.responses().at(-1)).toMatchObject({ status: { bluetooth: 'FAIL' } });
    expect(h.player.snapshot().commandsLocked).toBe(false);
  });

  it('unlocks when the left button is held for 3 seconds, not less', () => {
    command('bluetooth/on', REAL_SPEAKER_MODE_COMMAND);
    expect(h.player.holdLeftButton(2)).toBe(false);
    expect(h.player.snapshot().commandsLocked).toBe(true);
    expect(h.player.holdLeftButton(3)).toBe(true);
    expect(h.player.snapshot()).toMatchObject({ commandsLocked: false, bluetooth: { mode: null } });
    h.clear();
    command('bluetooth/state');
    expect(lastBanner()).toBe('Bluetooth state checked successfully');
  });
});
