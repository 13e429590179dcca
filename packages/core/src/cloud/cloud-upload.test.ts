import { describe, expect, it } from 'vitest';
import { parseAlarm } from '../alarms/alarm-codec';
import { cloudAlarmCreateSchema } from './cloud-schemas';
import {
  alarmTypeKey,
  canContinueUpload,
  canOpenUpload,
  cloudAlarmToDeviceString,
  cloudDeleteConfirmation,
  cloudVolumeLabel,
  detectTimeZone,
  importIntoDeviceList,
  uploadBody,
} from './cloud-upload';
import { makeCloudAlarm } from '../../test/fixtures/builders';

const read = (raw: string) => {
  const result = parseAlarm(raw, 0);
  if (!result.ok) throw new Error(result.error);
  return result.alarm;
};

const cloud = makeCloudAlarm;

describe('cloud volume display', () => {
  it('shows the stored 1–10 value ×10 as a percent', () => {
    expect(cloudVolumeLabel(7)).toBe('70%');
    expect(cloudVolumeLabel(1)).toBe('10%');
    expect(cloudVolumeLabel(10)).toBe('100%');
  });
});

describe('upload selection rules', () => {
  it('opens only with a local alarm and goes on with exactly one selected', () => {
    expect(canOpenUpload(0)).toBe(false);
    expect(canOpenUpload(2)).toBe(true);
    expect(canContinueUpload(0)).toBe(false);
    expect(canContinueUpload(1)).toBe(true);
    expect(canContinueUpload(2)).toBe(false);
  });
});

describe('cloud alarm upload', () => {
  const alarm = read('1010100,0605,card7,,,3,0');

  it('sends volume 70 (level 7), the playlist name, the Monday-first mask and the on/off flag', () => {
    const body = uploadBody(
      { deviceId: 'p1', deviceName: 'Bedroom Player', alarm, playlistName: 'Morning Songs' },
      'wakeup',
    );
    expect(body).toEqual({
      yoto_device_id: 'p1',
      device_name: 'Bedroom Player',
      alarm_name: 'Morning Songs',
      alarm_type: 'wakeup',
      playlist_id: 'card7',
      playlist_name: 'Morning Songs',
      hour: 6,
      minute: 5,
      days: '1010100',
      volume: 7,
      is_enabled: false,
    });
    expect(cloudAlarmCreateSchema.safeParse(body).success).toBe(true);
  });

  it('names an alarm without a known playlist "{Type} Alarm H:MM"', () => {
    const body = uploadBody({ deviceId: 'p1', deviceName: 'B', alarm, playlistName: null }, 'bedtime');
    expect(body.alarm_name).toBe('Bedtime Alarm 6:05');
    expect(body.playlist_name).toBe('');
  });
});

describe('import from the cloud', () => {
  it("writes a cloud alarm as a device string with empty chapter and track, its volume as the player's level", () => {
    // 70 % → level 6 of 8, as the Create Alarm dialog maps it; 100 % → 8, Yoto's alarm limit.
    expect(cloudAlarmToDeviceString(cloud())).toBe('1010100,0605,card7,,,6,1');
    expect(cloudAlarmToDeviceString(cloud({ is_enabled: false, volume: 10 }))).toBe(
      '1010100,0605,card7,,,8,0',
    );
  });

  it("appends this player's alarms the player lacks, keeps the rest byte for byte", () => {
    const current = ['1111100,07:30,x,01,01,5', 'garbage'];
    const result = importIntoDeviceList(current, 'p1', [
      cloud(),
      cloud({ id: 'a2', yoto_device_id: 'p2' }),
      cloud({ id: 'a3', hour: 19, minute: 0, days: '0000011', alarm_type: 'bedtime' }),
    ]);
    expect(result.added).toBe(2);
    expect(result.list).toEqual([...current, '1010100,0605,card7,,,6,1', '0000011,1900,card7,,,6,1']);
  });

  it('adds nothing when the player already has the alarm (same days, time, card), even switched off', () => {
    const result = importIntoDeviceList(['1010100,0605,card7,,,4,0'], 'p1', [cloud()]);
    expect(result).toEqual({ list: ['1010100,0605,card7,,,4,0'], added: 0 });
  });
});

describe('cloud delete confirmation kinds', () => {
  it('has a distinct confirmation for all, wakeup, bedtime and single', () => {
    const titles = (['all', 'wakeup', 'bedtime', 'single'] as const).map(
      (kind) => cloudDeleteConfirmation(kind, 'Morning').title,
    );
    expect(new Set(titles).size).toBe(4);
    expect(cloudDeleteConfirmation('single', 'Morning').text).toContain('"Morning"');
    expect(cloudDeleteConfirmation('bedtime').confirmLabel).toBe('Delete bedtime alarm');
  });
});

describe('time zone detection', () => {
  it("uses the browser's zone, else UTC", () => {
    expect(detectTimeZone(() => 'Europe/Paris')).toBe('Europe/Paris');
    expect(detectTimeZone(() => undefined)).toBe('UTC');
    expect(
      detectTimeZone(() => {
        throw new Error('no Intl');
      }),
    ).toBe('UTC');
  });
});

describe('remembered alarm type key', () => {
  it('survives switching the alarm off or changing its volume, not a new time', () => {
    const on = read('1010100,0605,card7,,,7,1');
    const off = read('1010100,0605,card7,,,3,0');
    const later = read('1010100,0610,card7,,,7,1');
    expect(alarmTypeKey('p1', on)).toBe(alarmTypeKey('p1', off));
    expect(alarmTypeKey('p1', on)).not.toBe(alarmTypeKey('p1', later));
    expect(alarmTypeKey('p1', on)).not.toBe(alarmTypeKey('p2', on));
  });
});
