import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { household } from '../test/household';
import { renderWithServices } from '../test/render-with-services';
import { DevicesSection } from './DevicesSection';

describe('Device Management tab: a card shows its alarms', { timeout: 30_000 }, () => {
  it('lists the first 3 alarms then "+N more alarms..."', async () => {
    const services = household();
    services.library.alarmsByDevice.set('p1', [
      '1111100,0700,card1,01,01,7,1',
      '1111100,0715,card4,01,01,7,1',
      '0000011,0800,card5,01,01,7,0',
      '1111111,1900,card6,01,01,5,1',
      '1111111,1930,card6,01,01,5,1',
    ]);
    renderWithServices(services, <DevicesSection />);
    const bedroom = await screen.findByRole('article', { name: 'Bedroom Player' });
    const alarms = await within(bedroom).findByRole('list', { name: 'Alarms on this device' });
    expect(within(alarms).getAllByRole('listitem')).toHaveLength(3);
    expect(await within(alarms).findByText('07:00 · Bedtime Stories Collection')).toBeTruthy();
    expect(within(bedroom).getByText('+2 more alarms...')).toBeTruthy();
  });
});
