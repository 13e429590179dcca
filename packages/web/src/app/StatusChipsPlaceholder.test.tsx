import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusChipsPlaceholder } from './StatusChipsPlaceholder';
import { statusChipLabels } from './status-chip-labels';

describe('the connection summary while its chunk loads', () => {
  it('holds one chip-sized place per chip, sized by its label, hidden from assistive technology', () => {
    render(<StatusChipsPlaceholder deviceCount={3} playlistCount={12} mqttConnected={false} />);
    const row = screen.getByTestId('status-chips-placeholder');
    expect(row.getAttribute('aria-hidden')).toBe('true');
    expect(row.children).toHaveLength(4);
    expect(row.textContent).toBe('');
  });

  it('names the chips as the summary does', () => {
    expect(statusChipLabels(3, 12, false)).toEqual([
      'Connected',
      '3 Devices',
      '12 Playlists',
      'MQTT Disconnected',
    ]);
    expect(statusChipLabels(1, 0, true)[3]).toBe('MQTT Connected');
  });
});
