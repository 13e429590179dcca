import { describe, expect, it } from 'vitest';
import {
  activeCardId,
  classifyDeviceTopic,
  mergeEvents,
  parseCommandResponse,
  parseDeviceEvents,
  parseDeviceStatus,
  playbackProgress,
} from './device-messages';

const idle =
  '{"repeatAll":false,"volume":6,"volumeMax":13,"cardId":"none","playbackStatus":"stopped","streaming":false,"playbackWait":false,"sleepTimerActive":false,"eventUtc":1766520313}';
const playingMsg =
  '{"cardId":"5WsQg","chapterKey":"01","chapterTitle":"Chapter one","trackKey":"01","trackTitle":"Track one","trackLength":312,"position":41,"playbackStatus":"playing","source":"remote","volume":8,"volumeMax":16,"sleepTimerActive":false,"eventUtc":1766520400}';

describe('device events message (lenient)', () => {
  it('reads an idle player; cardId "none" means idle; unknown keys pass', () => {
    const events = parseDeviceEvents(JSON.parse(idle));
    expect(events).toMatchObject({
      volume: 6,
      volumeMax: 13,
      playbackStatus: 'stopped',
      playbackWait: false,
    });
    expect(activeCardId(events)).toBeNull();
  });
  it('reads a playing player', () => {
    const events = parseDeviceEvents(JSON.parse(playingMsg));
    expect(activeCardId(events)).toBe('5WsQg');
    expect(events?.trackTitle).toBe('Track one');
  });
  it('accepts numbers as text and keys as numbers', () => {
    expect(
      parseDeviceEvents({ volume: '9', position: '12.5', chapterKey: 2, sleepTimerActive: 1 }),
    ).toMatchObject({
      volume: 9,
      position: 12.5,
      chapterKey: '2',
      sleepTimerActive: true,
    });
  });
  it('drops only a bad field, never the message', () => {
    const events = parseDeviceEvents({ volume: 'loud', cardId: 'abc', position: null });
    expect(events?.volume).toBeUndefined();
    expect(events?.position).toBeUndefined();
    expect(events?.cardId).toBe('abc');
  });
  it('refuses what is not an object', () => {
    expect(parseDeviceEvents('hello')).toBeNull();
    expect(parseDeviceEvents(null)).toBeNull();
    expect(parseDeviceEvents([1])).toBeNull();
  });
});

describe('events are partial deltas, merged into the last known state', () => {
  it('a delta changes only what it carries', () => {
    const first = parseDeviceEvents(JSON.parse(playingMsg))!;
    const merged = mergeEvents(first, parseDeviceEvents({ volume: 9, volumeMax: 13, eventUtc: 1766520500 })!);
    expect(merged).toMatchObject({ cardId: '5WsQg', playbackStatus: 'playing', volume: 9, volumeMax: 13 });
    expect(first.volume).toBe(8);
  });
  it('an invalid field in a delta does not erase the known value', () => {
    const merged = mergeEvents({ volume: 5 }, parseDeviceEvents({ volume: 'x', position: 3 })!);
    expect(merged).toEqual({ volume: 5, position: 3 });
  });
  it('merges onto nothing', () => {
    expect(mergeEvents(null, { cardId: 'none' })).toEqual({ cardId: 'none' });
  });
});

describe('player modal progress = position / track length when length > 0', () => {
  it('computes a percentage', () => {
    expect(playbackProgress({ position: 78, trackLength: 312 })).toBe(25);
    expect(playbackProgress({ position: 78, trackLength: 0 })).toBe(0);
    expect(playbackProgress({ position: 400, trackLength: 312 })).toBe(100);
    expect(playbackProgress(null)).toBe(0);
  });
});

describe('device MQTT status: top level or under status', () => {
  const body = {
    batteryLevel: 87,
    charging: 0,
    volume: 81,
    fwVersion: 'v2.23.2',
    playingStatus: '1',
    extraKey: 1,
  };
  it('reads fields under a status key', () => {
    expect(parseDeviceStatus({ status: body })).toMatchObject({
      batteryLevel: 87,
      playingStatus: 1,
      extraKey: 1,
    });
  });
  it('reads fields at the top level', () => {
    expect(parseDeviceStatus(body)).toMatchObject({ batteryLevel: 87, fwVersion: 'v2.23.2' });
  });
  it('keeps a text temperature and refuses non-objects', () => {
    expect(parseDeviceStatus({ temp: 'notSupported' })?.temp).toBe('notSupported');
    expect(parseDeviceStatus(42)).toBeNull();
  });
});

describe('last command response: a status map (with req_body)', () => {
  it('reads the Bluetooth form', () => {
    expect(parseCommandResponse({ status: { '/bluetooth/state': 'OK' } })).toEqual({
      '/bluetooth/state': 'OK',
    });
  });
  it('reads the player form with req_body', () => {
    expect(parseCommandResponse({ status: { events: 'OK', req_body: 'interactive-1766520307411' } })).toEqual(
      {
        events: 'OK',
        req_body: 'interactive-1766520307411',
      },
    );
  });
  it('drops nested values and refuses a message without a status map', () => {
    expect(parseCommandResponse({ status: { a: { b: 1 }, c: 'FAIL' } })).toEqual({ c: 'FAIL' });
    expect(parseCommandResponse({ status: 'ok' })).toBeNull();
    expect(parseCommandResponse('x')).toBeNull();
  });
});

describe('device topics: the legacy paths and the provider data/ forms', () => {
  it('classifies', () => {
    expect(classifyDeviceTopic('device/p1/events')).toEqual({ deviceId: 'p1', kind: 'events' });
    expect(classifyDeviceTopic('device/p1/data/status')).toEqual({ deviceId: 'p1', kind: 'status' });
    expect(classifyDeviceTopic('device/p1/response')).toEqual({ deviceId: 'p1', kind: 'response' });
    expect(classifyDeviceTopic('device/p1/command/card/start')).toBeNull();
  });
});
