import { describe, expect, it } from 'vitest';
import { formatAlarm, parseAlarm, rewriteAlarm } from './alarm-codec';
import type { DeviceAlarm } from '../shared/entities';

// Alarm strings as real players and the provider's own example carry them, each with where it was
// read (docs/provider-contract.md, Alarm strings). The codec must read them and write them back unchanged.

interface RealAlarm {
  raw: string;
  source: { repository: string; path: string; note: string };
  reads: Partial<DeviceAlarm>;
}

const REAL_ALARMS: readonly RealAlarm[] = [
  {
    raw: '1111100,0730,6Mq8g,,,5,1',
    source: {
      repository: 'yotoplay/examples',
      path: 'card-alarm/README.md',
      note: "the provider's example: card 6Mq8g at 07:30 every weekday at volume 5",
    },
    reads: {
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      time: '07:30',
      cardId: '6Mq8g',
      chapterKey: '01',
      trackKey: '01',
      volume: 5,
      enabled: true,
    },
  },
  {
    raw: '1111111,1100,5WsQg,,,8',
    source: {
      repository: 'bcomnes/yoto-nodejs-client',
      path: 'lib/api-endpoints/devices.js',
      note: 'YotoDeviceConfig.alarms example, six fields: no enabled flag',
    },
    reads: {
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      time: '11:00',
      cardId: '5WsQg',
      chapterKey: '01',
      trackKey: '01',
      volume: 8,
      enabled: true,
    },
  },
  {
    raw: '1111100,07:30,6Mq8g,,,5,1',
    source: {
      repository: 'cdnninja/yoto_api',
      path: 'yoto_api/rest/client.py',
      note: "the provider's example with the HH:MM time this client's alarm reader (parse_hhmm) expects",
    },
    reads: { time: '07:30', hour: 7, minute: 30, cardId: '6Mq8g', volume: 5, enabled: true },
  },
];

describe.each(REAL_ALARMS)('real alarm string $raw ($source.repository $source.path)', ({ raw, reads }) => {
  const result = parseAlarm(raw, 0);

  it('reads', () => {
    expect(result).toMatchObject({ ok: true, alarm: { ...reads, raw } });
  });

  it('is written back byte for byte when untouched', () => {
    if (!result.ok) throw new Error(result.error);
    expect(formatAlarm(result.alarm, raw)).toBe(raw);
    expect(rewriteAlarm(result.alarm, {})).toBe(raw);
  });

  it('keeps chapter and track empty when only the time changes, and writes HHMM', () => {
    if (!result.ok) throw new Error(result.error);
    const fields = rewriteAlarm(result.alarm, { hour: 6, minute: 45 }).split(',');
    expect(fields[1]).toBe('0645');
    expect([fields[3], fields[4]]).toEqual(['', '']);
    expect(fields.length).toBe(raw.split(',').length);
  });
});
