import { describe, expect, it } from 'vitest';
import {
  batteryChip,
  formatActiveCard,
  formatNightlight,
  formatSleepTimer,
  formatTimeFormat,
  formatTrackPosition,
  formatUtcTime,
  formatCardInsertion,
  formatDayMode,
  formatFlag,
  formatKilobytesPerSecond,
  formatMegabytes,
  formatPercent,
  formatPlayingStatus,
  formatPowerSource,
  formatTemperature,
  formatUptime,
  formatUtcOffset,
  formatValue,
  formatWifi,
  isChargingValue,
  toNumber,
  wifiQuality,
} from './status-format';

describe('missing values show "N/A"; unknown codes show "Unknown"', () => {
  it.each([undefined, null, ''])('missing %s is N/A everywhere', (value) => {
    for (const format of [
      formatPowerSource,
      formatCardInsertion,
      formatDayMode,
      formatTemperature,
      formatMegabytes,
    ]) {
      expect(format(value)).toBe('N/A');
    }
    expect(formatValue(value)).toBe('N/A');
  });
  it('unknown codes are Unknown', () => {
    expect(formatPowerSource(7)).toBe('Unknown');
    expect(formatCardInsertion('x')).toBe('Unknown');
    expect(formatDayMode(2)).toBe('Unknown');
    expect(formatMegabytes({})).toBe('Unknown');
  });
});

describe('code tables', () => {
  it('power source: 0 battery only, 1 V2 dock, 2 USB-C, 3 Qi dock', () => {
    expect([0, 1, 2, 3].map(formatPowerSource)).toEqual(['Battery only', 'V2 dock', 'USB-C', 'Qi dock']);
  });
  it('card insertion: 0 none, 1 physical card, 2 remote card (numbers as text too)', () => {
    expect([0, 1, '2'].map(formatCardInsertion)).toEqual(['None', 'Physical card', 'Remote card']);
  });
  it('day mode: -1 unknown, 0 night, 1 day', () => {
    expect([-1, 0, 1].map(formatDayMode)).toEqual(['Unknown', 'Night', 'Day']);
  });
  it('MQTT playingStatus: 0 stopped, 1 playing', () => {
    expect([0, 1].map(formatPlayingStatus)).toEqual(['Stopped', 'Playing']);
  });
  it('MQTT charging: 1 means charging; API isCharging is a boolean', () => {
    expect(isChargingValue(1)).toBe(true);
    expect(isChargingValue('1')).toBe(true);
    expect(isChargingValue(true)).toBe(true);
    expect(isChargingValue(0)).toBe(false);
    expect(isChargingValue(undefined)).toBe(false);
  });
  it('flags and plain values', () => {
    expect([true, false, 1, 0, 3].map(formatFlag)).toEqual(['Yes', 'No', 'Yes', 'No', 'Unknown']);
    expect(formatValue('off')).toBe('off');
    expect(formatValue(12)).toBe('12');
  });
});

describe('units', () => {
  it("temperature in °C, or 'notSupported'", () => {
    expect(formatTemperature(21)).toBe('21°C');
    expect(formatTemperature('19.5')).toBe('19.5°C');
    expect(formatTemperature('notSupported')).toBe('Not supported');
  });
  it('disk sizes in MB: bytes/1024/1024 with one decimal', () => {
    expect(formatMegabytes(2147483648)).toBe('2048.0 MB');
    expect(formatMegabytes(1572864)).toBe('1.5 MB');
  });
  it('download speed in KB/s', () => {
    expect(formatKilobytesPerSecond(2048)).toBe('2.0 KB/s');
    expect(formatKilobytesPerSecond(1536)).toBe('1.5 KB/s');
  });
  it('uptime in whole hours', () => {
    expect(formatUptime(7199)).toBe('1 hour');
    expect(formatUptime(7200)).toBe('2 hours');
    expect(formatUptime(59)).toBe('0 hours');
  });
  it('UTC offset in hours', () => {
    expect(formatUtcOffset(3600)).toBe('UTC+1');
    expect(formatUtcOffset(-18000)).toBe('UTC-5');
    expect(formatUtcOffset(19800)).toBe('UTC+5.5');
    expect(formatUtcOffset(0)).toBe('UTC+0');
  });
  it('percentages are whole', () => {
    expect(formatPercent(49.6)).toBe('50%');
  });
  it('numbers as text are read, other text is not a number', () => {
    expect(toNumber(' 42 ')).toBe(42);
    expect(toNumber('4x')).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
  });
});

describe('WiFi bands (dBm)', () => {
  it.each([
    [-30, 'Great'],
    [-50, 'Great'],
    [-51, 'Good'],
    [-60, 'Good'],
    [-61, 'Fair'],
    [-70, 'Fair'],
    [-71, 'Poor'],
    ['-55', 'Good'],
  ])('%s dBm is %s', (dbm, band) => expect(wifiQuality(dbm)).toBe(band));
  it('missing strength has no band', () => {
    expect(wifiQuality(undefined)).toBeNull();
    expect(formatWifi(undefined)).toBe('N/A');
    expect(formatWifi(-45)).toBe('Great (-45 dBm)');
  });
});

describe('battery chip green above 20%, else warning', () => {
  it('colours', () => {
    expect(batteryChip(21, 0)).toEqual({ label: '21%', colour: 'success' });
    expect(batteryChip(20, 0)).toEqual({ label: '20%', colour: 'warning' });
    expect(batteryChip(5, 1)).toEqual({ label: '5% ⚡', colour: 'warning' });
    expect(batteryChip(null, 1)).toEqual({ label: 'N/A', colour: 'default' });
  });
});

describe('report formatters', () => {
  it('UTC time from seconds, N/A when missing, Unknown when out of range', () => {
    expect(formatUtcTime(1_766_520_313)).toBe('2025-12-23 20:05:13 UTC');
    expect(formatUtcTime(undefined)).toBe('N/A');
    expect(formatUtcTime(1e20)).toBe('Unknown');
  });
  it("active card 'none' is None", () => {
    expect(formatActiveCard('none')).toBe('None');
    expect(formatActiveCard('5WsQg')).toBe('5WsQg');
    expect(formatActiveCard(undefined)).toBe('N/A');
  });
  it('time format 12/24 as hours, other text as sent', () => {
    expect(formatTimeFormat('24')).toBe('24-hour');
    expect(formatTimeFormat(12)).toBe('12-hour');
    expect(formatTimeFormat('iso')).toBe('iso');
    expect(formatTimeFormat(null)).toBe('N/A');
  });
  it("nightlight 'off' or a colour", () => {
    expect(formatNightlight('off')).toBe('Off');
    expect(formatNightlight('#ff0000')).toBe('#ff0000');
    expect(formatNightlight(undefined)).toBe('N/A');
  });
  it('sleep timer: Off, or minutes left rounded up', () => {
    expect(formatSleepTimer(true, 1500)).toBe('25 min left');
    expect(formatSleepTimer(true, 61)).toBe('2 min left');
    expect(formatSleepTimer(false, 0)).toBe('Off');
    expect(formatSleepTimer(true, 0)).toBe('Off');
    expect(formatSleepTimer(undefined, undefined)).toBe('N/A');
  });
  it('track position as m:ss / m:ss', () => {
    expect(formatTrackPosition(41, 312)).toBe('0:41 / 5:12');
    expect(formatTrackPosition(undefined, 312)).toBe('N/A');
  });
});
