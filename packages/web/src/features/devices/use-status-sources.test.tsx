import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBluetoothResponse, useSomeLinkConnected } from '../../services/use-realtime';
import { household } from '../../test/household';
import { renderWithServices } from '../../test/render-with-services';
import { useStatusSources } from './use-status-sources';

// Every message of every player replaces the registry's snapshot; what a component reads must not
// change unless its own player's slice did, or every status row of the tab re-renders per message
// (once, a click's answer waited behind ~900 component renders).

const renders: Record<string, number> = {};
const counted = (name: string) => (renders[name] = (renders[name] ?? 0) + 1);

function Sources({ deviceId }: { deviceId: string }) {
  useStatusSources(deviceId);
  counted(`sources ${deviceId}`);
  return null;
}
function Response({ deviceId }: { deviceId: string }) {
  useBluetoothResponse(deviceId);
  counted(`response ${deviceId}`);
  return null;
}
function Header() {
  useSomeLinkConnected();
  counted('header');
  return null;
}

/** Lets the in-memory link deliver (a microtask) and the registry apply its frame (a timer). */
const deliver = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));

/**
 * Delivers until `name` has rendered `times` times (on a loaded machine the registry's timer may
 * fire after one 10 ms wait), for at most 5 s. Frames apply in order, so a render an earlier frame
 * wrongly caused is counted by then too.
 */
async function deliverUntil(name: string, times: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  do await deliver();
  while ((renders[name] ?? 0) < times && Date.now() < deadline);
}

describe('what the device tab reads from the realtime store', () => {
  it('re-renders a reader only when its own player’s slice changes', async () => {
    const services = household();
    services.library.devices.push({ ...services.library.devices[0]!, deviceId: 'p3', name: 'Kitchen' });
    const { queryClient } = renderWithServices(
      services,
      <>
        <Sources deviceId="p1" />
        <Sources deviceId="p3" />
        <Response deviceId="p1" />
        <Header />
      </>,
    );
    await act(async () => {
      await services.devices.connect('p1');
      await services.devices.connect('p3');
    });
    const p1 = services.links.get('p1')!;
    const p3 = services.links.get('p3')!;
    p1.emit({ playbackStatus: 'stopped', volume: 5 });
    p3.emit({ playbackStatus: 'stopped', volume: 2 });
    // Connecting also fetches each player's API status: wait until those answers have rendered (on a
    // loaded machine one 10 ms wait is not always enough), so only the steps below count.
    let before: Record<string, number>;
    do {
      before = { ...renders };
      await deliver();
    } while (queryClient.isFetching() > 0 || JSON.stringify(before) !== JSON.stringify(renders));
    const settled = { ...renders };

    // The same report again: nobody re-renders.
    p1.emit({ playbackStatus: 'stopped', volume: 5 });
    await deliver();
    expect(renders).toEqual(settled);

    // p1 changes: its sources re-render once; p3's, the response and the header do not.
    p1.emit({ volume: 6 });
    await deliverUntil('sources p1', settled['sources p1']! + 1);
    expect(renders).toEqual({ ...settled, 'sources p1': settled['sources p1']! + 1 });

    // A response without a Bluetooth result (a pause, a poll's status request): nobody.
    p1.emitResponse({ status: { '/card/pause': 'OK', req_body: '' } });
    await deliver();
    expect(renders).toEqual({ ...settled, 'sources p1': settled['sources p1']! + 1 });

    // A Bluetooth result: only its reader.
    p1.emitResponse({ status: { '/bluetooth/state': 'OK', req_body: '' } });
    await deliverUntil('response p1', settled['response p1']! + 1);
    expect(renders).toEqual({
      ...settled,
      'sources p1': settled['sources p1']! + 1,
      'response p1': settled['response p1']! + 1,
    });
  });
});
