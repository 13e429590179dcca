import { describe, expect, it } from 'vitest';
import { commandResultFor, responseKeysFor } from './command-response';
import { parseCommandResponse } from './device-messages';
import { REAL_RESPONSES, SPEC_BLUETOOTH_RESPONSE } from '../../test/support/real-mqtt-payloads';

const statusOf = (message: unknown) => parseCommandResponse(message) ?? {};

describe('commandResultFor', () => {
  it('matches real responses keyed by the topic’s first segment', () => {
    expect(commandResultFor('bluetooth/on', statusOf(REAL_RESPONSES.bluetoothSpeaker))).toEqual({
      key: 'bluetooth',
      value: 'OK',
      ok: true,
      reqBody: '{"mode":"bt_speaker"}',
    });
    expect(commandResultFor('bluetooth/state', statusOf(REAL_RESPONSES.bluetoothStateFailed))).toMatchObject({
      key: 'bluetooth',
      ok: false,
      value: 'FAIL',
    });
    expect(commandResultFor('events/request', statusOf(REAL_RESPONSES.eventsRequest))?.key).toBe('events');
    expect(commandResultFor('volume/set', statusOf(REAL_RESPONSES.volume))?.ok).toBe(true);
    expect(commandResultFor('card/start', statusOf(REAL_RESPONSES.card))?.key).toBe('card');
    expect(commandResultFor('card/pause', statusOf(REAL_RESPONSES.card))?.key).toBe('card');
    expect(commandResultFor('sleep-timer/set', statusOf(REAL_RESPONSES.sleepTimer))?.key).toBe('sleep-timer');
    expect(commandResultFor('status/request', statusOf(REAL_RESPONSES.statusRequest))?.key).toBe(
      'status/request',
    );
  });

  it('matches the older /bluetooth/… form and a camel-cased resource', () => {
    expect(commandResultFor('bluetooth/state', statusOf(SPEC_BLUETOOTH_RESPONSE))?.key).toBe(
      '/bluetooth/state',
    );
    expect(commandResultFor('bluetooth/delete-bonds', { '/bluetooth/delete_bonds': 'OK' })?.ok).toBe(true);
    expect(commandResultFor('sleep-timer/set', { sleepTimer: 'OK' })?.key).toBe('sleepTimer');
  });

  it('does not match a response to another resource', () => {
    expect(commandResultFor('volume/set', statusOf(REAL_RESPONSES.bluetoothSpeaker))).toBeNull();
    expect(commandResultFor('bluetooth/off', statusOf(REAL_RESPONSES.eventsRequest))).toBeNull();
    expect(commandResultFor('reboot', { req_body: '' })).toBeNull();
  });

  it('lists the most specific key first', () => {
    expect(responseKeysFor('sleep-timer/set')).toEqual([
      '/sleep-timer/set',
      'sleep-timer/set',
      'sleep-timer',
      'sleepTimer',
    ]);
    expect(responseKeysFor('reboot')).toEqual(['/reboot', 'reboot']);
  });
});
