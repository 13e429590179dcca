// Test-only: MQTT payloads as real players and the provider's own clients send them, each with its
// public source, so core, provider and sandbox tests check the same shapes. Values are the ones the
// sources show or describe; nothing here is copied code.

/**
 * bluetooth/on in speaker (sink) mode: `mode` alone, no `action`.
 * Source: bcomnes/yoto-nodejs-client, lib/mqtt/commands.js (createBluetoothSpeakerCommand), and
 * docs/provider-contract.md, MQTT.
 */
export const REAL_SPEAKER_MODE_COMMAND = { mode: 'bt_speaker' } as const;

/**
 * Responses on `device/{id}/response`, keyed by the command topic's first segment, `req_body` the
 * request's payload as text. Source: bcomnes/yoto-nodejs-client, lib/mqtt/client.js
 * (YotoResponseStatusKnown: keys volume, ambients, card, events, status, bluetooth, display,
 * reboot, req_body; observed also 'status/request', 'events/request', 'sleep-timer'), and
 * a captured answer `{"status":{"events":"OK","req_body":"interactive-1766520307411"}}`.
 */
export const REAL_RESPONSES = {
  eventsRequest: { status: { events: 'OK', req_body: 'interactive-1766520307411' } },
  bluetoothSpeaker: { status: { bluetooth: 'OK', req_body: '{"mode":"bt_speaker"}' } },
  bluetoothStateFailed: { status: { bluetooth: 'FAIL', req_body: '' } },
  volume: { status: { volume: 'OK', req_body: '{"volume":50}' } },
  card: { status: { card: 'OK', req_body: '{"uri":"https://yoto.io/5WsQg"}' } },
  sleepTimer: { status: { 'sleep-timer': 'OK', req_body: '{"seconds":1800}' } },
  statusRequest: { status: { 'status/request': 'OK', req_body: '' } },
} as const;

/** The older form of a Bluetooth response, keyed by path: still accepted. */
export const SPEC_BLUETOOTH_RESPONSE = { status: { '/bluetooth/state': 'OK' } } as const;
