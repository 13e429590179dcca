import { beforeEach, describe, expect, it } from 'vitest';
import { bluetoothBanner } from '@playlist-alarms/core/bluetooth-banner';
import { parseCommandResponse } from '@playlist-alarms/core/device-messages';
import { playerHarness } from './simulated-player.test-support';
import type { PlayerHarness } from './simulated-player.test-support';

let h: PlayerHarness;
beforeEach(() => {
  h = playerHarness();
});

const SPEAKER = 'A4:C1:38:5E:21:07';
const HEADPHONES = 'F0:5C:77:0B:93:4A';
const GARDEN = '3C:A5:19:7D:40:E2';

/** The banner text the app would show for the player's last response (SPEC §8). */
const lastBanner = () => bluetoothBanner(parseCommandResponse(h.responses().at(-1)))?.message;
const bt = () => h.player.snapshot().bluetooth;

describe('simulated player Bluetooth', () => {
  it('fails connect with no bonded device, in the SPEC response form', () => {
    h.command('bluetooth/connect');
    expect(h.responses().at(-1)).toEqual({ status: { '/bluetooth/connect': 'FAIL', req_body: '' } });
    expect(lastBanner()).toBe('Bluetooth connection failed - no bonded devices?');
    expect(bt()).toMatchObject({ enabled: true, connected: false, bonds: [] });
  });

  it('bonds and connects a device in range named by mac in preference to name', () => {
    h.command('bluetooth/on', { action: 'on', mode: 'bt_speaker', mac: SPEAKER, name: 'Kids Headphones' });
    expect(lastBanner()).toBe('Bluetooth enabled successfully (check mode in device status)');
    expect(bt()).toMatchObject({
      enabled: true,
      mode: 'bt_speaker',
      connected: true,
      connectedTo: SPEAKER,
      bonds: [{ mac: SPEAKER, name: 'Living Room Speaker' }],
    });
    h.command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ bluetoothHp: 1 });
    expect(h.player.apiStatus()).toMatchObject({ isBluetoothAudioConnected: true });
  });

  it('reaches a device by name, and one below -80 dBm only with a lower RSSI threshold', () => {
    h.command('bluetooth/on', { action: 'on', mode: 'true', name: 'kids headphones' });
    expect(bt()).toMatchObject({ mode: 'true', connectedTo: HEADPHONES });
    h.command('bluetooth/on', { action: 'on', mode: 'true', mac: GARDEN });
    expect(bt()).toMatchObject({
      connectedTo: HEADPHONES,
      bonds: [{ mac: HEADPHONES, name: 'Kids Headphones' }],
    });
    h.command('bluetooth/on', { action: 'on', mode: 'true', mac: GARDEN, rssi: -90 });
    expect(bt()).toMatchObject({ connectedTo: GARDEN });
    expect(bt().bonds.map((b) => b.mac)).toEqual([HEADPHONES, GARDEN]);
  });

  it('connects to a bonded device in range; disconnect, off and delete_bonds answer OK', () => {
    h.player.setBluetooth({ bonds: ['Living Room Speaker'] });
    h.command('bluetooth/connect');
    expect(lastBanner()).toBe('Bluetooth connection established');
    expect(bt()).toMatchObject({ connected: true, connectedTo: SPEAKER });
    h.command('bluetooth/disconnect');
    expect(lastBanner()).toBe('Bluetooth disconnected successfully');
    expect(bt().connected).toBe(false);
    h.command('bluetooth/state');
    expect(lastBanner()).toBe('Bluetooth state checked successfully');
    h.command('bluetooth/off');
    expect(lastBanner()).toBe('Bluetooth disabled successfully');
    expect(bt().enabled).toBe(false);
    h.command('bluetooth/connect');
    expect(lastBanner()).toBe('Bluetooth connection failed - no bonded devices?');
    h.command('bluetooth/disconnect');
    expect(lastBanner()).toBe('Bluetooth disconnection failed');
    h.command('bluetooth/delete-bonds');
    expect(h.responses().at(-1)).toEqual({ status: { '/bluetooth/delete_bonds': 'OK', req_body: '' } });
    expect(lastBanner()).toBe('All Bluetooth bonds deleted');
    expect(bt().bonds).toEqual([]);
  });

  it('turning on without a target reconnects a bonded device in range', () => {
    h.player.setBluetooth({ enabled: false, bonds: [HEADPHONES] });
    h.command('bluetooth/on', { action: 'on', mode: 'true' });
    expect(bt()).toMatchObject({ enabled: true, connectedTo: HEADPHONES });
  });

  it('fails connect when the bonded device is out of range', () => {
    h.player.setBluetooth({ bonds: [SPEAKER], nearby: [] });
    h.command('bluetooth/connect');
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
      h.command(name);
      expect(lastBanner()).toBe(text);
    }
    h.command('bluetooth/on', { action: 'on', mode: 'true' });
    expect(lastBanner()).toBe('Failed to enable Bluetooth');
    expect(bt()).toMatchObject({ enabled: true, bonds: [{ mac: SPEAKER }], connected: false });
  });

  it('fails only the commands listed in failCommands', () => {
    h.player.setBluetooth({ failCommands: ['off'] });
    h.command('bluetooth/off');
    expect(lastBanner()).toBe('Failed to disable Bluetooth');
    h.command('bluetooth/state');
    expect(lastBanner()).toBe('Bluetooth state checked successfully');
  });

  it('drops a connection the scenario no longer allows', () => {
    h.command('bluetooth/on', { action: 'on', mode: 'true', mac: SPEAKER });
    h.player.setBluetooth({ nearby: [] });
    expect(bt()).toMatchObject({ connected: false, connectedTo: null, bonds: [{ mac: SPEAKER }] });
  });
});
