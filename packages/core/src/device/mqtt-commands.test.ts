import { describe, expect, it } from 'vitest';
import {
  bluetoothOnPayload,
  commandTopic,
  DEVICE_COMMAND_NAMES,
  displayPreviewPayload,
  sleepTimerPayload,
} from './mqtt-commands';
import { REAL_SPEAKER_MODE_COMMAND } from '../../test/support/real-mqtt-payloads';

describe('command topics', () => {
  it('puts every command under device/{id}/command/{name}', () => {
    expect(DEVICE_COMMAND_NAMES.map((name) => commandTopic('p1', name))).toEqual([
      'device/p1/command/status/request',
      'device/p1/command/events/request',
      'device/p1/command/volume/set',
      'device/p1/command/ambients/set',
      'device/p1/command/sleep-timer/set',
      'device/p1/command/reboot',
      'device/p1/command/card/start',
      'device/p1/command/card/stop',
      'device/p1/command/card/pause',
      'device/p1/command/card/resume',
      'device/p1/command/bluetooth/on',
      'device/p1/command/bluetooth/off',
      'device/p1/command/bluetooth/delete-bonds',
      'device/p1/command/bluetooth/connect',
      'device/p1/command/bluetooth/disconnect',
      'device/p1/command/bluetooth/state',
      'device/p1/command/display/preview',
    ]);
  });
});

describe('bluetoothOnPayload', () => {
  it("sends action 'on' with mode 'true' for an audio source", () => {
    expect(bluetoothOnPayload({ mode: 'audioSource' })).toEqual({ action: 'on', mode: 'true' });
  });

  it('sends speaker mode as { mode: "bt_speaker" } alone, whatever target was chosen', () => {
    // The real wire form: test/support/real-mqtt-payloads.ts (yoto-nodejs-client;
    // docs/provider-contract.md, MQTT).
    expect(bluetoothOnPayload({ mode: 'speaker' })).toEqual(REAL_SPEAKER_MODE_COMMAND);
    expect(JSON.stringify(bluetoothOnPayload({ mode: 'speaker', name: 'Kitchen', rssi: -60 }))).toBe(
      '{"mode":"bt_speaker"}',
    );
    expect(bluetoothOnPayload({ mode: 'speaker', mac: 'AA:BB:CC:DD:EE:FF' })).not.toHaveProperty('action');
  });

  it('prefers the mac over the name, and sends the name when there is no mac', () => {
    expect(bluetoothOnPayload({ mode: 'audioSource', mac: 'AA:BB:CC:DD:EE:FF', name: 'Kitchen' })).toEqual({
      action: 'on',
      mode: 'true',
      mac: 'AA:BB:CC:DD:EE:FF',
    });
    expect(bluetoothOnPayload({ mode: 'audioSource', name: 'Kitchen' })).toEqual({
      action: 'on',
      mode: 'true',
      name: 'Kitchen',
    });
    expect(bluetoothOnPayload({ mode: 'audioSource', mac: '  ', name: ' Kitchen ' })).toEqual({
      action: 'on',
      mode: 'true',
      name: 'Kitchen',
    });
    expect(bluetoothOnPayload({ mode: 'audioSource', mac: '', name: '' })).toEqual({
      action: 'on',
      mode: 'true',
    });
  });

  it('sends rssi only when it is not the default -80', () => {
    expect(bluetoothOnPayload({ mode: 'audioSource', rssi: -80 })).toEqual({ action: 'on', mode: 'true' });
    expect(bluetoothOnPayload({ mode: 'audioSource', rssi: -65 })).toEqual({
      action: 'on',
      mode: 'true',
      rssi: -65,
    });
    expect(bluetoothOnPayload({ mode: 'audioSource', rssi: -100 })).toEqual({
      action: 'on',
      mode: 'true',
      rssi: -100,
    });
  });
});

describe('sleepTimerPayload', () => {
  it('sends minutes × 60 seconds, and 0 to disable', () => {
    expect(sleepTimerPayload(30)).toEqual({ seconds: 1800 });
    expect(sleepTimerPayload(5)).toEqual({ seconds: 300 });
    expect(sleepTimerPayload(120)).toEqual({ seconds: 7200 });
    expect(sleepTimerPayload(0)).toEqual({ seconds: 0 });
  });
});

describe('displayPreviewPayload', () => {
  it('sends uri, timeout and animated as 1 or 0', () => {
    expect(
      displayPreviewPayload({ uri: 'https://example.com/icon.png', timeoutSeconds: 5, animated: true }),
    ).toEqual({
      uri: 'https://example.com/icon.png',
      timeout: 5,
      animated: 1,
    });
    expect(displayPreviewPayload({ uri: ' yoto:#abc ', timeoutSeconds: 60, animated: false })).toEqual({
      uri: 'yoto:#abc',
      timeout: 60,
      animated: 0,
    });
  });
});
