import { describe, expect, it } from 'vitest';
import { parseDeviceEvents, parseDeviceStatus } from '@playlist-alarms/core/device/device-messages';
import { playerHarness } from '../test/support/player-harness';
import type { PlayerHarness } from '../test/support/player-harness';

/** The latest MQTT status the player sends on request, next to its REST API status. */
function bothStatuses(h: PlayerHarness) {
  h.command('status/request');
  const mqtt = h.statuses().at(-1);
  if (!mqtt) throw new Error('no status message');
  return { mqtt, api: h.player.apiStatus() };
}

/** Every field the two forms share must say the same (the same field names on each side). */
function expectConsistent(h: PlayerHarness) {
  const { mqtt, api } = bothStatuses(h);
  expect({
    batteryLevel: api.batteryLevelPercentage,
    charging: api.isCharging === true ? 1 : 0,
    volume: api.systemVolumePercentage,
    userVolume: api.userVolumePercentage,
    cardInserted: api.cardInsertionState,
    activeCard: api.activeCard,
    nightlightMode: api.nightlightMode,
    bluetoothHp: api.isBluetoothAudioConnected === true ? 1 : 0,
    headphones: api.isAudioDeviceConnected,
    day: api.dayMode,
    als: api.ambientLightSensorReading,
    freeDisk: api.freeDiskSpaceBytes,
    fwVersion: api.firmwareVersion,
  }).toEqual({
    batteryLevel: mqtt.batteryLevel,
    charging: mqtt.charging,
    volume: mqtt.volume,
    userVolume: mqtt.userVolume,
    cardInserted: mqtt.cardInserted,
    activeCard: mqtt.activeCard,
    nightlightMode: mqtt.nightlightMode,
    bluetoothHp: mqtt.bluetoothHp,
    headphones: mqtt.headphones,
    day: mqtt.day,
    als: mqtt.als,
    // Players count KiB; the API status bytes.
    freeDisk: Number(mqtt.freeDisk) * 1024,
    fwVersion: mqtt.fwVersion,
  });
  return { mqtt, api };
}

describe('simulated player status messages', () => {
  it('keeps the REST and MQTT status in agreement through playing, colour, Bluetooth and power changes', () => {
    const h = playerHarness();
    expect(expectConsistent(h).mqtt).toMatchObject({
      batteryLevel: 87,
      volume: 50,
      cardInserted: 0,
      activeCard: 'none',
      playingStatus: 0,
      nightlightMode: 'off',
    });
    const cardId = h.card('Good Morning Songs').cardId;
    h.command('card/start', { uri: `https://yoto.io/${cardId}` });
    h.command('volume/set', { volume: 75 });
    h.command('ambients/set', { r: 135, g: 206, b: 235 });
    h.command('bluetooth/on', { action: 'on', mode: 'true', name: 'Living Room Speaker' });
    h.player.setPower({ powerSource: 3, batteryLevel: 40 });
    h.player.setEnvironment({ headphones: true });
    const { mqtt, api } = expectConsistent(h);
    expect(mqtt).toMatchObject({
      playingStatus: 1,
      activeCard: cardId,
      cardInserted: 2,
      volume: 75,
      nightlightMode: '#87ceeb',
      bluetoothHp: 1,
      charging: 1,
      headphones: true,
    });
    expect(api).toMatchObject({ powerSource: 3, isCharging: true, batteryLevelPercentage: 40 });
  });

  it('sends every field in a form the app schemas keep', () => {
    const h = playerHarness();
    h.command('card/start', { uri: `https://yoto.io/${h.card('Good Morning Songs').cardId}` });
    const { mqtt } = bothStatuses(h);
    expect(parseDeviceStatus({ status: mqtt })).toEqual(mqtt);
    h.command('events/request');
    const events = h.events().at(-1);
    expect(parseDeviceEvents(events)).toEqual(events);
    expect(Object.keys(mqtt).sort()).toEqual(
      [
        'statusVersion',
        'fwVersion',
        'productType',
        'batteryLevel',
        'als',
        'freeDisk',
        'charging',
        'activeCard',
        'cardInserted',
        'playingStatus',
        'headphones',
        'dnowBrightness',
        'dayBright',
        'nightBright',
        'bluetoothHp',
        'volume',
        'userVolume',
        'timeFormat',
        'day',
        'temp',
        'nightlightMode',
      ].sort(),
    );
  });

  it('gives every API status field the page reads, with a temperature a mini does not support', () => {
    const h = playerHarness({ deviceId: 'demo-player-2' });
    const { mqtt, api } = expectConsistent(h);
    expect(Object.keys(api).sort()).toEqual(
      [
        'deviceId',
        'firmwareVersion',
        'batteryLevelPercentage',
        'isCharging',
        'wifiStrength',
        'systemVolumePercentage',
        'userVolumePercentage',
        'powerSource',
        'isAudioDeviceConnected',
        'isBluetoothAudioConnected',
        'cardInsertionState',
        'activeCard',
        'dayMode',
        'ambientLightSensorReading',
        'temperatureCelcius',
        'nightlightMode',
        'isOnline',
        'networkSsid',
        'averageDownloadSpeedBytesSecond',
        'isBackgroundDownloadActive',
        'freeDiskSpaceBytes',
        'totalDiskSpaceBytes',
        'uptime',
        'utcTime',
        'utcOffsetSeconds',
        'updatedAt',
      ].sort(),
    );
    expect(api).toMatchObject({
      temperatureCelcius: 'notSupported',
      networkSsid: 'DemoHome',
      wifiStrength: -63,
    });
    // A "battery:device" pair, as players send it.
    expect(mqtt.temp).toBe('0:notSupported');
    expect(mqtt.productType).toBe('mini');
    const v3 = bothStatuses(playerHarness());
    expect(v3.mqtt.temp).toBe(`0:${String(v3.api.temperatureCelcius)}`);
    expect(typeof v3.api.temperatureCelcius).toBe('number');
  });

  it('reports the player clock, time zone and brightness of day and night', () => {
    const h = playerHarness({ deviceId: 'demo-player-1' });
    const day = bothStatuses(h);
    expect(day.api).toMatchObject({
      dayMode: 1,
      utcOffsetSeconds: 0,
      utcTime: Math.floor(h.clock.now / 1000),
    });
    expect(day.mqtt).toMatchObject({ day: 1, dayBright: 100, nightBright: 50, dnowBrightness: 100 });
    h.clock.now += 12 * 3600 * 1000; // 21:00 in London
    const night = bothStatuses(h);
    expect(night.api).toMatchObject({ dayMode: 0, updatedAt: new Date(h.clock.now).toISOString() });
    expect(night.mqtt).toMatchObject({ day: 0, dnowBrightness: 50 });
    // Grandma's Player keeps New York's clock: five hours behind in January (EST).
    const newYork = playerHarness({ deviceId: 'demo-player-3' });
    newYork.player.setOnline(true);
    expect(newYork.player.apiStatus()).toMatchObject({ utcOffsetSeconds: -5 * 3600 });
  });

  it('reports the signal and a download speed that follows it', () => {
    const h = playerHarness();
    const before = h.player.apiStatus();
    h.player.setEnvironment({ wifiStrength: -80 });
    const after = h.player.apiStatus();
    expect(before.wifiStrength).toBe(-52);
    expect(after.wifiStrength).toBe(-80);
    expect(Number(after.averageDownloadSpeedBytesSecond)).toBeLessThan(
      Number(before.averageDownloadSpeedBytesSecond),
    );
  });

  it('keeps the last reported time while offline', () => {
    const h = playerHarness();
    h.tick(60);
    const leftAt = h.clock.now;
    h.player.setOnline(false);
    h.tick(600);
    expect(h.player.apiStatus()).toMatchObject({
      isOnline: false,
      updatedAt: new Date(leftAt).toISOString(),
      uptime: 60,
    });
  });
});

describe('the config’s device.status, in the player’s own names', () => {
  it('carries the API status’s readings as a real config does: KiB, pairs, 0/1 and boolean flags', () => {
    const h = playerHarness();
    h.player.setEnvironment({ headphones: true });
    h.command('bluetooth/on', { action: 'on', mode: 'true', name: 'Living Room Speaker' });
    const api = h.player.apiStatus();
    const config = h.player.configStatus();
    expect(config).toEqual({
      activeCard: api.activeCard,
      als: api.ambientLightSensorReading,
      batteryLevel: api.batteryLevelPercentage,
      bgDownload: 0,
      bluetoothHp: true,
      bytesPS: api.averageDownloadSpeedBytesSecond,
      cardInserted: api.cardInsertionState,
      charging: api.isCharging === true ? 1 : 0,
      day: api.dayMode,
      deviceId: api.deviceId,
      freeDisk: Number(api.freeDiskSpaceBytes) / 1024,
      fwVersion: api.firmwareVersion,
      headphones: 1,
      nightlightMode: api.nightlightMode,
      playingStatus: 0,
      powerSrc: api.powerSource,
      ssid: api.networkSsid,
      temp: `0:${String(api.temperatureCelcius)}`,
      totalDisk: Number(api.totalDiskSpaceBytes) / 1024,
      updatedAt: api.updatedAt,
      upTime: api.uptime,
      userVolume: api.userVolumePercentage,
      utcOffset: api.utcOffsetSeconds,
      utcTime: api.utcTime,
      volume: api.systemVolumePercentage,
      wifiStrength: api.wifiStrength,
    });
    expect(Number.isInteger(config.freeDisk)).toBe(true);
    // 8 GiB of flash is 8388608 KiB.
    expect(config.totalDisk).toBe(8 * 1024 * 1024);
  });
});
