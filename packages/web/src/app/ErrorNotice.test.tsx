import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ErrorNotice } from './ErrorNotice';

describe('ErrorNotice', () => {
  it('shows the text at once, then announces it once in MUI’s Alert when its chunk is in', async () => {
    render(<ErrorNotice severity="error">Failed to initialize app. Please try again.</ErrorNotice>);
    expect(screen.getByText('Failed to initialize app. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('alert'), 'the stand-in does not announce').toBeNull();

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toBe('Failed to initialize app. Please try again.');
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(screen.getAllByText('Failed to initialize app. Please try again.')).toHaveLength(1);
  });
});
