import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BluetoothBanner } from './BluetoothBanner';

describe('BluetoothBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('a response that was there before mounting is not new', () => {
    render(<BluetoothBanner response={{ status: { '/bluetooth/state': 'OK' }, seq: 3 }} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each new response, hides after 5 s, and shows again on the next one', async () => {
    const { rerender } = render(<BluetoothBanner response={null} />);
    rerender(<BluetoothBanner response={{ status: { '/bluetooth/delete_bonds': 'OK' }, seq: 1 }} />);
    expect(screen.getByRole('alert').textContent).toBe('All Bluetooth bonds deleted');
    await advance(4999);
    expect(screen.queryByRole('alert')).not.toBeNull();
    await advance(1);
    await advance(1000); // the collapse transition
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<BluetoothBanner response={{ status: { '/bluetooth/delete_bonds': 'OK' }, seq: 2 }} />);
    expect(screen.getByRole('alert').textContent).toBe('All Bluetooth bonds deleted');
  });

  it('a real player’s `bluetooth` answer shows the text of the command it was sent', () => {
    const { rerender } = render(<BluetoothBanner response={null} />);
    rerender(
      <BluetoothBanner
        response={{ status: { bluetooth: 'FAIL', req_body: '' }, seq: 1, sentCommand: 'delete-bonds' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to delete Bluetooth bonds');
    rerender(
      <BluetoothBanner
        response={{ status: { bluetooth: 'OK', req_body: '' }, seq: 2, sentCommand: 'state' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Bluetooth state checked successfully');
  });

  it('closes by hand; a response without a Bluetooth result leaves the banner as it is', async () => {
    const { rerender } = render(<BluetoothBanner response={null} />);
    rerender(<BluetoothBanner response={{ status: { '/bluetooth/flux': 'BUSY' }, seq: 1 }} />);
    expect(screen.getByRole('alert').textContent).toBe('Bluetooth flux: BUSY');
    rerender(<BluetoothBanner response={{ status: { status: 'OK', req_body: '' }, seq: 2 }} />);
    expect(screen.getByRole('alert').textContent).toBe('Bluetooth flux: BUSY');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(1000);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<BluetoothBanner response={{ status: { events: 'OK', req_body: '' }, seq: 3 }} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
