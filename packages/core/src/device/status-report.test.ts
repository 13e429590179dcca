import { describe, expect, it } from 'vitest';
import { parseDeviceEvents, parseDeviceStatus } from './device-messages';
import type { DeviceEvents, DeviceMqttStatus } from './device-messages';
import { hasStatusData, statusChips, statusReport } from './status-report';
import type { ApiStatus, StatusSection, StatusSources } from './status-report';

// Fixtures in the shapes of docs/provider-contract.md, REST: the API status of GET /device-v2/{id}/status,
// a status message as a player publishes it, and merged events of a playing player.
const API: ApiStatus = {
  batteryLevelPercentage: 64,
  isCharging: false,
  wifiStrength: -58,
  systemVolumePercentage: 50,
  userVolumePercentage: 44,
  powerSource: 3,
  isAudioDeviceConnected: false,
  isBluetoothAudioConnected: true,
  cardInsertionState: 1,
  activeCard: 'api-card',
  dayMode: 0,
  ambientLightSensorReading: 4,
  temperatureCelcius: 'notSupported',
  nightlightMode: '#ff8800',
  isOnline: true,
  networkSsid: 'Home WiFi',
  averageDownloadSpeedBytesSecond: 1_250_000,
  isBackgroundDownloadActive: false,
  freeDiskSpaceBytes: 2_147_483_648,
  totalDiskSpaceBytes: 8_589_934_592,
  uptime: 90_000,
  utcTime: 1_766_520_313,
  utcOffsetSeconds: 3600,
  updatedAt: '2025-12-23T20:05:13.000Z',
  firmwareVersion: 'v2.23.0',
};

const MQTT: DeviceMqttStatus = parseDeviceStatus({
  status: {
    statusVersion: 1,
    fwVersion: 'v2.23.2',
    productType: 'mini',
    batteryLevel: 87,
    als: 12,
    freeDisk: 1_048_576,
    charging: 1,
    activeCard: 'none',
    cardInserted: 2,
    playingStatus: 1,
    headphones: 0,
    dnowBrightness: 60,
    dayBright: 100,
    nightBright: 255,
    bluetoothHp: 0,
    volume: 81,
    userVolume: 50,
    timeFormat: '24',
    day: 1,
    temp: '21',
    nightlightMode: 'off',
  },
})!;

const EVENTS: DeviceEvents = parseDeviceEvents({
  cardId: '5WsQg',
  chapterTitle: 'Chapter one',
  trackTitle: 'Track one',
  trackLength: 312,
  position: 41,
  playbackStatus: 'playing',
  volume: 8,
  volumeMax: 16,
  sleepTimerActive: true,
  sleepTimerSeconds: 1500,
})!;

const table = (sections: StatusSection[]) =>
  Object.fromEntries(
    sections.map((section) => [
      section.title,
      Object.fromEntries(section.rows.map((r) => [r.label, r.value])),
    ]),
  );

describe('statusReport: sections and show-conditions', () => {
  it('with every source: all eight sections in page order', () => {
    expect(statusReport({ api: API, mqtt: MQTT, events: EVENTS }).map((s) => s.title)).toEqual([
      'Power & Battery',
      'Audio & Playback',
      'Card & Content',
      'Environment & Sensors',
      'Network & Connectivity',
      'System & Storage',
      'Display Settings',
      'Time & Location',
    ]);
  });

  it('Network & Connectivity and Time & Location only with API status; Display Settings only with MQTT status', () => {
    const titles = (sources: StatusSources) => statusReport(sources).map((s) => s.title);
    const mqttOnly = titles({ api: null, mqtt: MQTT, events: null });
    expect(mqttOnly).toContain('Display Settings');
    expect(mqttOnly).not.toContain('Network & Connectivity');
    expect(mqttOnly).not.toContain('Time & Location');
    const apiOnly = titles({ api: API, mqtt: null, events: null });
    expect(apiOnly).toContain('Network & Connectivity');
    expect(apiOnly).toContain('Time & Location');
    expect(apiOnly).not.toContain('Display Settings');
  });

  it('formats every row of the full fixture with its unit and code table; MQTT wins over the API', () => {
    expect(table(statusReport({ api: API, mqtt: MQTT, events: EVENTS }))).toEqual({
      'Power & Battery': { 'Battery Level': '87%', Charging: 'Yes', 'Power Source': 'Qi dock' },
      'Audio & Playback': {
        Volume: '8/16 (50%)',
        'System Volume': '81%',
        'User Volume': '50%',
        Playback: 'Playing',
        Headphones: 'No',
        'Bluetooth Audio': 'No',
        'Sleep Timer': '25 min left',
      },
      'Card & Content': {
        'Card Inserted': 'Remote card',
        'Active Card': '5WsQg',
        Chapter: 'Chapter one',
        Track: 'Track one',
        Position: '0:41 / 5:12',
      },
      'Environment & Sensors': {
        'Day Mode': 'Day',
        'Ambient Light': '12',
        Temperature: '21°C',
        Nightlight: 'Off',
      },
      'Network & Connectivity': {
        Online: 'Yes',
        'WiFi Strength': 'Good (-58 dBm)',
        Network: 'Home WiFi',
        'Download Speed': '1220.7 KB/s',
        'Background Download': 'No',
      },
      'System & Storage': {
        Firmware: 'v2.23.2',
        'Product Type': 'mini',
        'Free Disk': '2048.0 MB',
        'Total Disk': '8192.0 MB',
        Uptime: '25 hours',
        'Status Version': '1',
      },
      'Display Settings': {
        'Current Brightness': '60',
        'Day Brightness': '100',
        'Night Brightness': '255',
        'Time Format': '24-hour',
      },
      'Time & Location': {
        'UTC Time': '2025-12-23 20:05:13 UTC',
        'UTC Offset': 'UTC+1',
        'Last Updated': '2025-12-23T20:05:13.000Z',
      },
    });
  });

  it('the API alone fills every shared row, including temperature notSupported and the API codes', () => {
    const report = table(statusReport({ api: API, mqtt: null, events: null }));
    expect(report['Power & Battery']).toEqual({
      'Battery Level': '64%',
      Charging: 'No',
      'Power Source': 'Qi dock',
    });
    expect(report['Card & Content']).toMatchObject({
      'Card Inserted': 'Physical card',
      'Active Card': 'api-card',
    });
    expect(report['Environment & Sensors']).toEqual({
      'Day Mode': 'Night',
      'Ambient Light': '4',
      Temperature: 'Not supported',
      Nightlight: '#ff8800',
    });
    expect(report['Audio & Playback']).toMatchObject({
      Volume: 'N/A',
      'System Volume': '50%',
      'User Volume': '44%',
      Playback: 'N/A',
      Headphones: 'No',
      'Bluetooth Audio': 'Yes',
      'Sleep Timer': 'N/A',
    });
    expect(report['System & Storage']).toMatchObject({ Firmware: 'v2.23.0', 'Product Type': 'N/A' });
  });

  it('every missing field shows N/A; unknown codes show Unknown', () => {
    const empty = table(statusReport({ api: {}, mqtt: {}, events: {} }));
    for (const section of Object.values(empty)) {
      for (const value of Object.values(section)) expect(value).toBe('N/A');
    }
    const odd = table(
      statusReport({
        api: { powerSource: 9, cardInsertionState: 5, dayMode: 4, isOnline: 'maybe' },
        mqtt: { playingStatus: 3 },
        events: null,
      }),
    );
    expect(odd['Power & Battery']!['Power Source']).toBe('Unknown');
    expect(odd['Card & Content']!['Card Inserted']).toBe('Unknown');
    expect(odd['Environment & Sensors']!['Day Mode']).toBe('Unknown');
    expect(odd['Audio & Playback']!.Playback).toBe('Unknown');
    expect(odd['Network & Connectivity']!.Online).toBe('Unknown');
  });

  it('every power source, card insertion and day mode code', () => {
    const row = (api: ApiStatus, title: string, label: string) =>
      table(statusReport({ api, mqtt: null, events: null }))[title]![label];
    expect([0, 1, 2, 3].map((code) => row({ powerSource: code }, 'Power & Battery', 'Power Source'))).toEqual(
      ['Battery only', 'V2 dock', 'USB-C', 'Qi dock'],
    );
    expect(
      [0, 1, 2].map((code) => row({ cardInsertionState: code }, 'Card & Content', 'Card Inserted')),
    ).toEqual(['None', 'Physical card', 'Remote card']);
    expect([-1, 0, 1].map((code) => row({ dayMode: code }, 'Environment & Sensors', 'Day Mode'))).toEqual([
      'Unknown',
      'Night',
      'Day',
    ]);
  });

  it('an idle player: card "none" reads None, the sleep timer Off, MQTT 0 stopped', () => {
    const report = table(
      statusReport({
        api: null,
        mqtt: { playingStatus: 0 },
        events: { cardId: 'none', sleepTimerActive: false },
      }),
    );
    expect(report['Card & Content']!['Active Card']).toBe('None');
    expect(report['Audio & Playback']!['Sleep Timer']).toBe('Off');
    expect(report['Audio & Playback']!.Playback).toBe('Stopped');
  });
});

describe('hasStatusData', () => {
  it('is false only when no source holds anything', () => {
    expect(hasStatusData({ api: null, mqtt: null, events: null })).toBe(false);
    expect(hasStatusData({ api: undefined, mqtt: undefined, events: undefined })).toBe(false);
    expect(hasStatusData({ api: null, mqtt: null, events: { volume: 3 } })).toBe(true);
    expect(hasStatusData({ api: API, mqtt: null, events: null })).toBe(true);
  });
});

describe('statusChips (collapsed header, bands)', () => {
  it('battery with charging mark and colour, WiFi band, volume value/volumeMax with percent', () => {
    expect(statusChips({ api: API, mqtt: MQTT, events: EVENTS })).toEqual({
      battery: { label: '87% ⚡', colour: 'success' },
      wifi: { label: 'Good', colour: 'default' },
      volume: { label: '8/16 (50%)', colour: 'default' },
    });
  });
  it('low battery warns; API charging counts; missing values are N/A', () => {
    expect(
      statusChips({ api: { batteryLevelPercentage: 20, isCharging: true }, mqtt: null, events: null }),
    ).toEqual({
      battery: { label: '20% ⚡', colour: 'warning' },
      wifi: { label: 'N/A', colour: 'default' },
      volume: { label: 'N/A', colour: 'default' },
    });
    expect(
      statusChips({ api: { wifiStrength: -80 }, mqtt: null, events: { volume: 13, volumeMax: 13 } }),
    ).toEqual({
      battery: { label: 'N/A', colour: 'default' },
      wifi: { label: 'Poor', colour: 'default' },
      volume: { label: '13/16 (81%), limit 13 of 16', colour: 'default' },
    });
  });
  it('the charging mark follows the report’s Charging row: MQTT wins where it has a value', () => {
    const chargingRow = (sources: StatusSources) =>
      statusReport(sources)
        .find((section) => section.title === 'Power & Battery')!
        .rows.find((row) => row.label === 'Charging')!.value;
    const cases: StatusSources[] = [
      // The API still says charging, the fresher MQTT status says unplugged.
      { api: { batteryLevelPercentage: 70, isCharging: true }, mqtt: { charging: 0 }, events: null },
      { api: { batteryLevelPercentage: 70, isCharging: false }, mqtt: { charging: 1 }, events: null },
      { api: { batteryLevelPercentage: 70, isCharging: true }, mqtt: { batteryLevel: 70 }, events: null },
      { api: { batteryLevelPercentage: 70, isCharging: false }, mqtt: null, events: null },
    ];
    expect(cases.map((sources) => [chargingRow(sources), statusChips(sources).battery.label])).toEqual([
      ['No', '70%'],
      ['Yes', '70% ⚡'],
      ['Yes', '70% ⚡'],
      ['No', '70%'],
    ]);
  });
});
