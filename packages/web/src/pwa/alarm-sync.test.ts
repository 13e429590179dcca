import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceAlarm } from '@playlist-alarms/core/shared/entities';
import { queryKeys } from '../api/query-keys';
import { syncAlarmsWithWorker } from './alarm-sync';
import { makeDevice } from '@playlist-alarms/core/test/fixtures/builders';

// jsdom has no service workers: this container stands in for navigator.serviceWorker, with an
// active worker that records what the page posts (the real round trip is e2e/pwa.spec.ts).
class WorkerContainer extends EventTarget {
  readonly posted: unknown[] = [];
  readonly ready = Promise.resolve({ active: { postMessage: (m: unknown) => this.posted.push(m) } });
  startMessages() {}
}

const alarm: DeviceAlarm = {
  id: 'alarm_0',
  time: '07:00',
  hour: 7,
  minute: 0,
  days: ['monday'],
  enabled: true,
  volume: 5,
  cardId: 'card-a',
  chapterKey: '01',
  trackKey: '01',
  extra: [],
  raw: '',
};

let container: WorkerContainer;
beforeEach(() => {
  vi.useFakeTimers();
  container = new WorkerContainer();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const flush = async () => {
  await vi.advanceTimersByTimeAsync(300);
};

describe('syncAlarmsWithWorker', () => {
  it('sends nothing but an empty sync while nobody is signed in', async () => {
    syncAlarmsWithWorker(new QueryClient());
    await flush();
    expect(container.posted).toEqual([expect.objectContaining({ type: 'SYNC_ALARMS', alarms: [] })]);
  });

  it("sends the signed-in user's alarms when they load, once per change", async () => {
    const client = new QueryClient();
    syncAlarmsWithWorker(client);
    syncAlarmsWithWorker(client); // a second mount (StrictMode) adds no second follower
    await flush();
    client.setQueryData(queryKeys.user(), { id: 'u1', name: 'Parent' });
    client.setQueryData(queryKeys.devices(), [makeDevice('dev-1', 'Bedroom', true)]);
    client.setQueryData(queryKeys.deviceConfig('dev-1'), { alarms: [alarm], errors: [] });
    await flush();
    expect(container.posted).toHaveLength(2);
    expect(container.posted[1]).toMatchObject({
      type: 'SYNC_ALARMS',
      alarms: [{ id: 'alarm_0', source: 'device', deviceId: 'dev-1' }],
      devices: [{ deviceId: 'dev-1', name: 'Bedroom' }],
    });
    client.setQueryData(queryKeys.devices(), [makeDevice('dev-1', 'Bedroom', true)]);
    await flush();
    expect(container.posted).toHaveLength(2); // the same lists: nothing new to say
  });

  it('refetches the cloud alarms when the worker posts ALARM_TRIGGERED, and ignores other messages', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.cloudAlarms(), { alarms: [], counts: { wakeup: 0, bedtime: 0 } });
    syncAlarmsWithWorker(client);
    const cloudAlarms = () => client.getQueryState(queryKeys.cloudAlarms());

    container.dispatchEvent(new MessageEvent('message', { data: { type: 'RING', alarm: {} } }));
    expect(cloudAlarms()?.isInvalidated).toBe(false);
    container.dispatchEvent(
      new MessageEvent('message', {
        data: {
          type: 'ALARM_TRIGGERED',
          alarm: {
            alarmId: 'c1',
            source: 'cloud',
            deviceId: 'dev-1',
            deviceName: 'Bedroom',
            cardId: 'card-a',
            title: null,
            at: '2026-11-24T07:00:00.000Z',
          },
        },
      }),
    );
    expect(cloudAlarms()?.isInvalidated).toBe(true);
  });
});
