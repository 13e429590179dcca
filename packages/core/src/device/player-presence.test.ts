import { describe, expect, it } from 'vitest';
import { classifyDeviceTopic, parseDevicePresence, parseDeviceStatus } from './device-messages';
import {
  LEGACY_STATUS_RUNNING,
  LEGACY_STATUS_SHUTDOWN,
  PRESENCE_OFFLINE,
  PRESENCE_ONLINE,
} from '../../test/fixtures/mqtt-presence';
import { isOnlineNow, presenceFromShutDown } from './player-presence';

describe('presence messages (device/{id}/presence)', () => {
  it('the presence topic is a kind of its own', () => {
    expect(classifyDeviceTopic('device/p1/presence')).toEqual({ deviceId: 'p1', kind: 'presence' });
  });

  it('reads the real online and offline messages', () => {
    expect(parseDevicePresence(PRESENCE_ONLINE)).toMatchObject({ state: 'online', ts: PRESENCE_ONLINE.ts });
    expect(parseDevicePresence(PRESENCE_OFFLINE)).toMatchObject({ state: 'offline' });
  });

  it('is lenient about case, spaces and a bad ts, strict about the state', () => {
    expect(parseDevicePresence({ state: ' Offline ', ts: 'soon' })).toMatchObject({
      state: 'offline',
      ts: undefined,
    });
    expect(parseDevicePresence({ state: 'asleep' })).toBeNull();
    expect(parseDevicePresence({})).toBeNull();
    expect(parseDevicePresence('offline')).toBeNull();
  });
});

describe("the legacy status's shutDown", () => {
  it('a real switch-off says offline, a real start says online', () => {
    expect(presenceFromShutDown(parseDeviceStatus(LEGACY_STATUS_SHUTDOWN)?.shutDown)).toBe('offline');
    expect(presenceFromShutDown(parseDeviceStatus(LEGACY_STATUS_RUNNING)?.shutDown)).toBe('online');
  });

  it('any other reason is a switch-off; no field says nothing', () => {
    expect(presenceFromShutDown('timeout')).toBe('offline');
    expect(presenceFromShutDown(undefined)).toBeNull();
    expect(presenceFromShutDown('  ')).toBeNull();
  });
});

describe('isOnlineNow', () => {
  it("the player's own latest word wins over the device list", () => {
    expect(isOnlineNow(true, 'offline')).toBe(false);
    expect(isOnlineNow(false, 'online')).toBe(true);
  });
  it('without one, the device list decides', () => {
    expect(isOnlineNow(true, null)).toBe(true);
    expect(isOnlineNow(false, undefined)).toBe(false);
  });
});
