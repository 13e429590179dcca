import { describe, expect, it } from 'vitest';
import { parseDeviceStatus } from './device-messages';
import { MQTT_STATUS_DOCUMENTED, MQTT_STATUS_MINI } from '../../test/fixtures/mqtt-status';
import { deviceTemperature, formatTemperature, kibibytesToBytes } from './status-format';
import { statusReport } from './status-report';
import type { StatusSection } from './status-report';

// Status messages as real players send them (fixtures/ names each source), through the public
// parse and report functions: KiB disks, temperature pairs and boolean flags.

const table = (sections: StatusSection[]) =>
  Object.fromEntries(
    sections.map((section) => [
      section.title,
      Object.fromEntries(section.rows.map((row) => [row.label, row.value])),
    ]),
  );

describe('status as real players send it', () => {
  it('a real mini’s data/status: freeDisk in KiB shows the true size, 0/1 flags read No', () => {
    const report = table(
      statusReport({ api: null, mqtt: parseDeviceStatus(MQTT_STATUS_MINI), events: null }),
    );
    // 25108704 KiB = 25711312896 bytes = 24520.2 MB (bytes / 1024 / 1024).
    expect(report['System & Storage']).toMatchObject({
      'Free Disk': '24520.2 MB',
      Firmware: 'v2.23.2',
      'Product Type': 'mini',
    });
    expect(report['Audio & Playback']).toMatchObject({ Headphones: 'No', 'Bluetooth Audio': 'No' });
    expect(report['Power & Battery']).toMatchObject({ 'Battery Level': '100%', Charging: 'No' });
  });

  it('the documented shape: boolean flags and the "battery:device" temperature pair', () => {
    const mqtt = parseDeviceStatus(MQTT_STATUS_DOCUMENTED);
    expect(mqtt).toMatchObject({ headphones: true, bluetoothHp: false, temp: '24:18' });
    const report = table(statusReport({ api: null, mqtt, events: null }));
    expect(report['Audio & Playback']).toMatchObject({ Headphones: 'Yes', 'Bluetooth Audio': 'No' });
    expect(report['Environment & Sensors']).toMatchObject({ Temperature: '18°C', 'Day Mode': 'Night' });
    expect(report['Power & Battery']).toMatchObject({ Charging: 'Yes' });
  });

  it('reads temperature pairs by their device side', () => {
    expect(deviceTemperature('0:24')).toBe(24);
    expect(deviceTemperature('25:24')).toBe(24);
    expect(deviceTemperature('0:notSupported')).toBe('notSupported');
    expect(deviceTemperature('0:0')).toBeNull();
    expect(deviceTemperature(21)).toBe(21);
    expect(formatTemperature('0:24')).toBe('24°C');
    expect(formatTemperature('0:0')).toBe('N/A');
    expect(formatTemperature('0:notSupported')).toBe('Not supported');
    expect(formatTemperature('warm')).toBe('Unknown');
  });

  it('converts KiB to bytes, and a missing value stays missing', () => {
    expect(kibibytesToBytes(30219824)).toBe(30219824 * 1024);
    expect(kibibytesToBytes('2')).toBe(2048);
    expect(kibibytesToBytes(undefined)).toBeNull();
  });
});
