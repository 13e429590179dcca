import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeLibraryGroup } from '@playlist-alarms/core/test/fixtures/builders';
import { renderWithServices } from '../../test/render-with-services';
import { createTestServices, makeDevice, makePlaylist } from '../../test/twins';
import { DeviceAlarmsPreview } from './DeviceAlarmsPreview';

describe("a device card's alarm preview", () => {
  it('names each card with its cover, a family-library card by its title, never its id', async () => {
    const services = createTestServices();
    services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
    services.library.playlists = [
      makePlaylist(1, { title: 'Morning Songs', coverArt: 'https://covers.test/1.svg' }),
    ];
    services.library.familyGroups = [makeLibraryGroup('g1', 'Family Favourites', ['fam1'])];
    services.library.familyCards.set('fam1', makePlaylist(5, { cardId: 'fam1', title: 'Owl Stories' }));
    services.library.restrictedCards.add('fam1');
    services.library.alarmsByDevice.set('p1', ['1111100,0700,card1,,,6,1', '0000011,0830,fam1,,,5,0']);
    renderWithServices(services, <DeviceAlarmsPreview deviceId="p1" />);
    const preview = await screen.findByRole('list', { name: 'Alarms on this device' });
    expect(await within(preview).findByText('07:00 · Morning Songs')).toBeTruthy();
    expect(await within(preview).findByText('08:30 · Owl Stories')).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'Cover of Morning Songs' }).getAttribute('src')).toBe(
      'https://covers.test/1.svg',
    );
    expect(within(preview).queryByText(/fam1/)).toBeNull();
    // Only the group that holds the card was read; its refused content was never needed.
    expect(services.library.groupDetailRequests).toEqual(['g1']);
    expect(services.library.contentRequests).toEqual([]);
  });
});
