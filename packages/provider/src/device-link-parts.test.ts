import { REAL_RESPONSES } from '@playlist-alarms/core/test/support/real-mqtt-payloads';
import { describe, expect, it } from 'vitest';
import { PendingRequests } from './device-link-requests';
import { renewalMarginMs, renewalRetryMs, tokenTimes } from './device-link-token';
import { TwinFilter } from './device-link-twins';

// The device link's parts that need no broker: twin filtering, request matching, token timing.

const jwt = (claims: object) =>
  ['{"alg":"none"}', JSON.stringify(claims), '']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.');

describe('TwinFilter', () => {
  it('drops the same message from another topic or session within the window, once per copy', () => {
    let now = 0;
    const twins = new TwinFilter(2_000, () => now);
    expect(twins.admit('events', '{"volume":6}', '1|device/p/events')).toBe(true);
    expect(twins.admit('events', '{"volume":6}', '1|device/p/data/events')).toBe(false);
    expect(twins.admit('events', '{"volume":6}', '2|device/p/data/events')).toBe(false);
    // Another kind with the same text is another message.
    expect(twins.admit('status', '{"volume":6}', '1|device/p/status')).toBe(true);
    now = 2_000;
    expect(twins.admit('events', '{"volume":6}', '1|device/p/data/events')).toBe(true);
  });

  it('lets a real repeat from the same source through', () => {
    const twins = new TwinFilter(2_000, () => 0);
    expect(twins.admit('response', '{"status":{"card":"OK"}}', '1|device/p/response')).toBe(true);
    expect(twins.admit('response', '{"status":{"card":"OK"}}', '1|device/p/response')).toBe(true);
  });
});

describe('PendingRequests', () => {
  it('settles the request a real response answers, by resource key, preferring the echoed body', async () => {
    const requests = new PendingRequests();
    const state = requests.wait('bluetooth/state', '', 1_000);
    const speaker = requests.wait('bluetooth/on', '{"mode":"bt_speaker"}', 1_000);
    const volume = requests.wait('volume/set', '{"volume":50}', 1_000);
    requests.settle(REAL_RESPONSES.volume.status);
    requests.settle(REAL_RESPONSES.bluetoothSpeaker.status);
    requests.settle(REAL_RESPONSES.bluetoothStateFailed.status);
    await expect(volume).resolves.toMatchObject({ key: 'volume', ok: true });
    await expect(speaker).resolves.toMatchObject({
      key: 'bluetooth',
      ok: true,
      reqBody: '{"mode":"bt_speaker"}',
    });
    await expect(state).resolves.toMatchObject({ key: 'bluetooth', ok: false, value: 'FAIL' });
  });

  it('accepts the older /bluetooth/… key, and rejects after the time-out or when told to', async () => {
    const requests = new PendingRequests();
    const state = requests.wait('bluetooth/state', '', 1_000);
    requests.settle({ '/bluetooth/state': 'OK' });
    await expect(state).resolves.toMatchObject({ key: '/bluetooth/state', ok: true });
    await expect(requests.wait('reboot', '', 20)).rejects.toThrow('No response from the player to reboot');
    const waiting = requests.wait('card/stop', '', 1_000);
    requests.rejectAll('MQTT client not connected');
    await expect(waiting).rejects.toThrow('MQTT client not connected');
  });
});

describe('token timing', () => {
  it('reads exp and iat from a JWT, and nothing from other text', () => {
    expect(tokenTimes(jwt({ sub: 'auth0|x', iat: 1_000, exp: 4_600 }))).toEqual({
      issuedAt: 1_000_000,
      expiresAt: 4_600_000,
    });
    expect(tokenTimes(jwt({ exp: 20 }))).toEqual({ issuedAt: null, expiresAt: 20_000 });
    expect(tokenTimes(jwt({ sub: 'no exp' }))).toBeNull();
    expect(tokenTimes('token-1')).toBeNull();
    expect(tokenTimes('a.%%%.b')).toBeNull();
  });

  it('renews a quarter of the lifetime early, within 1 and 30 seconds', () => {
    expect(renewalMarginMs(3_600_000)).toBe(30_000);
    expect(renewalMarginMs(20_000)).toBe(5_000);
    expect(renewalMarginMs(2_000)).toBe(1_000);
    expect(renewalRetryMs(5_000)).toBe(1_000);
    expect(renewalRetryMs(30_000)).toBe(5_000);
  });
});
