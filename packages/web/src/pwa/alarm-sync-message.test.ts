// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseIncoming } from '../sw/alarm-messages';
import { syncAlarmsMessage } from './alarm-sync-message';
import {
  makeCloudAlarm,
  makeDevice,
  makeDeviceAlarm,
  makePlaylist,
} from '@playlist-alarms/core/test/fixtures/builders';

const deviceAlarm = (id: string, enabled: boolean) => makeDeviceAlarm({ id, enabled });

const cloudAlarm = (id: string, isEnabled: boolean) =>
  makeCloudAlarm({
    id,
    yoto_user_id: 'u1',
    yoto_device_id: 'dev-2',
    device_name: 'Kitchen',
    alarm_name: 'Bedtime',
    alarm_type: 'bedtime',
    playlist_id: 'card-b',
    playlist_name: 'Lullabies',
    hour: 19,
    minute: 30,
    days: '1111100',
    volume: 5,
    is_enabled: isEnabled,
    created_at: '',
    updated_at: '',
  });

const playlist = (cardId: string | null, title: string) => makePlaylist(0, { id: title, cardId, title });

describe('syncAlarmsMessage', () => {
  const message = syncAlarmsMessage(
    {
      devices: [makeDevice('dev-1', 'Bedroom', true), makeDevice('dev-2', 'Kitchen', false)],
      playlists: [playlist('card-a', 'Morning Songs'), playlist(null, 'No card')],
      deviceAlarms: new Map([
        [
          'dev-1',
          {
            alarms: [deviceAlarm('alarm_0', true), deviceAlarm('alarm_1', false)],
            timeZone: 'America/New_York',
          },
        ],
      ]),
      cloudAlarms: [cloudAlarm('c1', true), cloudAlarm('c2', false)],
      cloudTimeZone: 'Europe/Paris',
    },
    'America/Chicago',
  );

  it('sends the enabled alarms only, device and cloud, each with its days and zone', () => {
    expect(message.alarms).toEqual([
      {
        id: 'alarm_0',
        source: 'device',
        deviceId: 'dev-1',
        hour: 7,
        minute: 0,
        days: ['monday', 'friday'],
        cardId: 'card-a',
        // The player's own zone: it rings its alarms by its own clock.
        timeZone: 'America/New_York',
      },
      {
        id: 'c1',
        source: 'cloud',
        deviceId: 'dev-2',
        hour: 19,
        minute: 30,
        days: '1111100',
        cardId: 'card-b',
        timeZone: 'Europe/Paris',
      },
    ]);
  });

  it('names the players and the playlists that have a card, in the page zone', () => {
    expect(message.timeZone).toBe('America/Chicago');
    expect(message.devices).toEqual([
      { deviceId: 'dev-1', name: 'Bedroom' },
      { deviceId: 'dev-2', name: 'Kitchen' },
    ]);
    expect(message.playlists).toEqual([{ cardId: 'card-a', title: 'Morning Songs' }]);
  });

  it('is a message the worker reads, the cloud mask as day names', () => {
    const parsed = parseIncoming(message);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || parsed.message.type !== 'SYNC_ALARMS') return;
    expect(parsed.message.alarms[1]?.days).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(parsed.message.alarms[0]).toEqual(message.alarms[0]);
  });
});
