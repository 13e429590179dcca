import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONFIG_V3 } from '@playlist-alarms/core/test/fixtures/config-v3';
import { ProviderError } from '@playlist-alarms/provider/rest-client';
import { createTestServices, makeDevice } from '../../../test/twins';
import { renderWithServices } from '../../../test/render-with-services';
import { DayNightPanel } from './DayNightPanel';

const { alarms: _alarms, ...REAL_BLOCK } = CONFIG_V3.device.config;
const BEDROOM = makeDevice('p1', 'Bedroom Player', true);
const MINI = { ...makeDevice('p2', 'Playroom Mini', true), deviceType: 'minie', deviceFamily: 'mini' };

/** A player whose config is a real v3's, opened in its panel. */
async function openPanel(device = BEDROOM) {
  const services = createTestServices();
  services.library.configExtrasByDevice.set(device.deviceId, {
    config: { ...REAL_BLOCK },
    geoTimezone: 'Europe/London',
  });
  renderWithServices(services, <DayNightPanel device={device} />);
  await userEvent.click(screen.getByRole('button', { name: 'Day & Night' }));
  await screen.findByLabelText('Night starts');
  return services;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label);
const setValue = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Day & Night section', { timeout: 30_000 }, () => {
  it("shows what the player keeps: times, the OK-to-wake colours, limits as 'of 16', brightness, switch-off", async () => {
    await openPanel();
    expect(field('Day starts').value).toBe('06:30');
    expect(field('Night starts').value).toBe('18:20');
    expect(field('Time to get up colour').value).toBe('#40bfd9');
    expect(field('Stay in bed colour').value).toBe('#f57399');
    const night = field('Max volume at night') as HTMLSelectElement;
    expect(night.selectedOptions[0]?.textContent).toBe('8 of 16');
    expect((field('Display brightness by day') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Auto',
    );
    expect((field('Switch off after idle') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      '1 hour',
    );
    expect(screen.getByText(/Europe\/London/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('the OK-to-wake preset, saved: only those fields are written, and the section shows the re-read', async () => {
    const services = await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Use the OK-to-wake preset' }));
    expect(field('Stay in bed colour').value).toBe('#b34700');
    expect(field('Time to get up colour').value).toBe('#22c55e');
    setValue('Max volume at night', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Bedroom Player now keeps these settings.');
    expect(services.library.configWrites).toHaveLength(1);
    const written = services.library.configWrites[0]!.config;
    expect(written).toEqual({
      ...REAL_BLOCK,
      alarms: [],
      dayTime: '07:00',
      nightTime: '19:00',
      ambientColour: '#22c55e',
      nightAmbientColour: '#b34700',
      nightMaxVolumeLimit: '6',
    });
    expect(field('Night starts').value).toBe('19:00');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('a failed write says so and shows the old values again', async () => {
    const services = await openPanel();
    services.library.failConfigWrite = new ProviderError(
      503,
      null,
      'HTTP 503: the provider is having trouble',
    );
    setValue('Day starts', '07:15');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Bedroom Player did not take the change: HTTP 503: the provider is having trouble. It still keeps the settings shown.',
    );
    expect(field('Day starts').value).toBe('06:30');
    expect(services.library.configWrites).toHaveLength(0);
  });

  it('a wrong value is named and Save stays off; Undo brings back what the player holds', async () => {
    await openPanel();
    setValue('Night starts', '06:30');
    expect(screen.getByText('Day and night cannot start at the same time')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(field('Night starts').value).toBe('18:20');
  });

  it('a Mini has no light: no colours, no preset, and a write never carries them', async () => {
    const services = await openPanel(MINI);
    const section = screen.getByRole('region', { name: 'Playroom Mini Day & Night' });
    expect(within(section).queryByLabelText('Stay in bed colour')).toBeNull();
    expect(within(section).queryByLabelText('Time to get up colour')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Use the OK-to-wake preset' })).toBeNull();
    setValue('Max volume by day', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(services.library.configWrites).toHaveLength(1));
    expect(services.library.configWrites[0]!.config).toEqual({
      ...REAL_BLOCK,
      alarms: [],
      maxVolumeLimit: '10',
    });
  });
});
