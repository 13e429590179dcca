import { NO_EXTRAS } from './alarm-extras';
import { describe, expect, it } from 'vitest';
import { makeCloudAlarm, makeDevice, makePlaylist } from '../../test/fixtures/builders';
import { parseAlarm } from '../alarms/alarm-codec';
import { keepAlarmOnPlayer } from './keep-on-player';
import { cloudAlarmCreateSchema } from './cloud-schemas';
import {
  canSaveCloudDraft,
  cardChoices,
  choicesWithStoredCard,
  cloudCapRefusal,
  cloudCardFace,
  cloudDraftAsDeviceAlarm,
  cloudDraftBody,
  draftOfCloudAlarm,
  duplicateCloudAlarm,
  newCloudAlarmDraft,
  type CloudAlarmDraft,
} from './cloud-alarm-draft';

const draft = (overrides: Partial<CloudAlarmDraft> = {}): CloudAlarmDraft => ({
  deviceId: 'p1',
  cardId: 'card7',
  time: '06:45',
  days: ['monday', 'wednesday'],
  volumePercent: 60,
  alarmType: 'bedtime',
  extras: NO_EXTRAS,
  ...overrides,
});
const names = { deviceName: 'Bedroom Player', cardTitle: 'Sleepy Songs' };

describe('the new alarm', () => {
  it('starts on the first online player, 07:00, Monday to Friday, 70 %, wakeup, no card', () => {
    expect(newCloudAlarmDraft([makeDevice('p1', 'A', false), makeDevice('p2', 'B')])).toEqual({
      deviceId: 'p2',
      cardId: null,
      time: '07:00',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      volumePercent: 70,
      alarmType: 'wakeup',
      extras: NO_EXTRAS,
    });
  });

  it('takes an offline player when none is online, and none when there is no player', () => {
    expect(newCloudAlarmDraft([makeDevice('p1', 'A', false)]).deviceId).toBe('p1');
    expect(newCloudAlarmDraft([]).deviceId).toBeNull();
  });
});

describe('saving', () => {
  it('needs a player, a card, a time and a day, and nothing in flight', () => {
    expect(canSaveCloudDraft(draft(), false)).toBe(true);
    expect(canSaveCloudDraft(draft(), true)).toBe(false);
    expect(canSaveCloudDraft(draft({ deviceId: null }), false)).toBe(false);
    expect(canSaveCloudDraft(draft({ cardId: null }), false)).toBe(false);
    expect(canSaveCloudDraft(draft({ days: [] }), false)).toBe(false);
    expect(canSaveCloudDraft(draft({ time: '' }), false)).toBe(false);
    expect(canSaveCloudDraft(draft({ time: '25:00' }), false)).toBe(false);
  });

  it('a new alarm is sent switched on, with the card and player names and the level 1–10', () => {
    const body = cloudDraftBody(draft(), names);
    expect(body).toEqual({
      yoto_device_id: 'p1',
      device_name: 'Bedroom Player',
      alarm_name: 'Sleepy Songs',
      alarm_type: 'bedtime',
      playlist_id: 'card7',
      playlist_name: 'Sleepy Songs',
      hour: 6,
      minute: 45,
      days: '1010000',
      volume: 6,
      is_enabled: true,
      fade_in_minutes: null,
      sleep_timer_minutes: null,
      night_light: null,
    });
    // What the server's own schema accepts, unchanged.
    expect(cloudAlarmCreateSchema.parse(body)).toEqual(body);
  });

  it('is null while the draft cannot be saved', () => {
    expect(cloudDraftBody(draft({ cardId: null }), names)).toBeNull();
    expect(cloudDraftBody(draft({ time: 'x' }), names)).toBeNull();
  });

  it('an edit keeps on/off; a default name follows the new card, a name of its own stays', () => {
    const off = makeCloudAlarm({ is_enabled: false, alarm_name: 'Morning', playlist_name: 'Morning' });
    expect(cloudDraftBody(draft(), names, off)).toMatchObject({
      is_enabled: false,
      alarm_name: 'Sleepy Songs',
    });
    const own = makeCloudAlarm({ alarm_name: 'Morning (copy)', playlist_name: 'Morning' });
    expect(cloudDraftBody(draft(), names, own)).toMatchObject({
      is_enabled: true,
      alarm_name: 'Morning (copy)',
    });
    const unnamed = makeCloudAlarm({ alarm_name: 'Wakeup Alarm 6:05', playlist_name: '' });
    expect(cloudDraftBody(draft(), { ...names, cardTitle: '' }, unnamed)).toMatchObject({
      alarm_name: 'Bedtime Alarm 6:45',
    });
  });

  it('prefills the dialog from a stored alarm, and saving it unchanged sends the same fields', () => {
    const stored = makeCloudAlarm();
    const prefilled = draftOfCloudAlarm(stored);
    expect(prefilled).toEqual({
      deviceId: 'p1',
      cardId: 'card7',
      time: '06:05',
      days: ['monday', 'wednesday', 'friday'],
      volumePercent: 70,
      alarmType: 'wakeup',
      extras: NO_EXTRAS,
    });
    expect(cloudDraftBody(prefilled, { deviceName: 'Bedroom Player', cardTitle: 'Morning' }, stored)).toEqual(
      {
        yoto_device_id: 'p1',
        device_name: 'Bedroom Player',
        alarm_name: 'Morning',
        alarm_type: 'wakeup',
        playlist_id: 'card7',
        playlist_name: 'Morning',
        hour: 6,
        minute: 5,
        days: '1010100',
        volume: 7,
        is_enabled: true,
        fade_in_minutes: null,
        sleep_timer_minutes: null,
        night_light: null,
      },
    );
  });
});

describe('the extras', () => {
  it('a bedtime alarm sends its sleep timer and night light, and a copy keeps them', () => {
    const body = cloudDraftBody(
      draft({ extras: { fadeMinutes: 10, sleepMinutes: 30, nightLight: true } }),
      names,
    );
    expect(body).toMatchObject({ fade_in_minutes: null, sleep_timer_minutes: 30, night_light: true });
    expect(cloudAlarmCreateSchema.parse(body)).toEqual(body);
    const stored = makeCloudAlarm({ alarm_type: 'bedtime', sleep_timer_minutes: 30, night_light: true });
    expect(draftOfCloudAlarm(stored).extras).toEqual({ fadeMinutes: 0, sleepMinutes: 30, nightLight: true });
    expect(duplicateCloudAlarm(stored)).toMatchObject({ sleep_timer_minutes: 30, night_light: true });
  });
});

describe('duplicate and the cap', () => {
  it('copies every field and marks the name, within the stored length', () => {
    const stored = makeCloudAlarm({ is_enabled: false });
    expect(duplicateCloudAlarm(stored)).toEqual({
      yoto_device_id: 'p1',
      device_name: 'Bedroom Player',
      alarm_name: 'Morning (copy)',
      alarm_type: 'wakeup',
      playlist_id: 'card7',
      playlist_name: 'Morning',
      hour: 6,
      minute: 5,
      days: '1010100',
      volume: 7,
      is_enabled: false,
      fade_in_minutes: null,
      sleep_timer_minutes: null,
      night_light: null,
    });
    const long = duplicateCloudAlarm(makeCloudAlarm({ alarm_name: 'x'.repeat(100) }));
    expect(long.alarm_name).toHaveLength(100);
    expect(cloudAlarmCreateSchema.safeParse(long).success).toBe(true);
  });

  it('refuses at 10 alarms with the server’s words, not below', () => {
    expect(cloudCapRefusal(9)).toBeNull();
    expect(cloudCapRefusal(10)).toBe('An account can hold at most 10 cloud alarms');
    expect(cloudCapRefusal(11)).toBe('An account can hold at most 10 cloud alarms');
  });
});

describe('the cards offered and shown', () => {
  it('own playlists first, then the family library; one per card, none without a card or refused', () => {
    const own = [makePlaylist(1, { cardId: 'c1', title: 'Own' }), makePlaylist(2, { cardId: null })];
    const family = [
      makePlaylist(3, { cardId: 'c1', title: 'Same card' }),
      makePlaylist(4, { cardId: 'f1', title: 'Family card', coverArt: 'https://img/f1.png' }),
      makePlaylist(5, { cardId: 'f2', title: '  ' }),
      makePlaylist(6, { cardId: 'f3', title: 'Refused', category: 'restricted' }),
    ];
    expect(cardChoices(own, family)).toEqual([
      { cardId: 'c1', title: 'Own', coverArt: own[0]?.coverArt ?? null, family: false },
      { cardId: 'f1', title: 'Family card', coverArt: 'https://img/f1.png', family: true },
      { cardId: 'f2', title: 'Unknown playlist', coverArt: null, family: true },
    ]);
  });

  it('keeps an edited alarm’s card among the choices, by its stored name, until a list holds it', () => {
    const own = cardChoices([makePlaylist(1, { cardId: 'c1', title: 'Own' })], []);
    const stored = makeCloudAlarm({ playlist_id: 'f9', playlist_name: 'Grandma Reads' });
    expect(choicesWithStoredCard(own, null)).toBe(own);
    expect(choicesWithStoredCard(own, stored)).toEqual([
      ...own,
      { cardId: 'f9', title: 'Grandma Reads', coverArt: null, family: true },
    ]);
    const loaded = [
      ...own,
      { cardId: 'f9', title: 'Grandma Reads', coverArt: 'https://img/f9.png', family: true },
    ];
    expect(choicesWithStoredCard(loaded, stored)).toBe(loaded);
  });

  it('names a card by the lists, else the stored name, else its content, never its id', () => {
    const alarm = { playlist_name: 'Stored' };
    const known = { title: 'Known', coverArt: 'https://img/k.png' };
    const fetched = { title: 'Fetched', coverArt: 'https://img/f.png' };
    expect(cloudCardFace(alarm, known, fetched)).toEqual(known);
    expect(cloudCardFace(alarm, undefined, fetched)).toEqual({ title: 'Stored', coverArt: fetched.coverArt });
    expect(cloudCardFace({ playlist_name: '' }, undefined, fetched)).toEqual(fetched);
    expect(cloudCardFace({ playlist_name: '' }, undefined, undefined)).toEqual({
      title: 'Unknown playlist',
      coverArt: null,
    });
  });
});

describe('the draft as a player alarm', () => {
  it('is the alarm the warnings read and "Save on the player instead" appends', () => {
    const alarm = cloudDraftAsDeviceAlarm(draft({ volumePercent: 100 }));
    expect(alarm).toMatchObject({ time: '06:45', hour: 6, minute: 45, cardId: 'card7', volume: 8 });
    expect(alarm?.raw).toBe('1010000,0645,card7,,,8,1');
    expect(parseAlarm(alarm?.raw, 0)).toMatchObject({ ok: true, alarm: { days: ['monday', 'wednesday'] } });
    if (!alarm) throw new Error('no alarm');
    expect(keepAlarmOnPlayer(['0000011,0900,other,,,5,1'], alarm)).toEqual({
      list: ['0000011,0900,other,,,5,1', '1010000,0645,card7,,,8,1'],
      changed: true,
    });
    expect(cloudDraftAsDeviceAlarm(draft({ cardId: null }))).toBeNull();
  });
});
