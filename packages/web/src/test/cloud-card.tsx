import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { makeCloudUser } from '@playlist-alarms/core/test/fixtures/builders';
import { AlarmsPanel } from '../features/alarms/AlarmsPanel';
import type { FamilyCards } from '../features/alarms/cloud/family-cards';
import { renderWithServices } from './render-with-services';
import { createTestServices, makeDevice, makePlaylist } from './twins';

type Services = ReturnType<typeof createTestServices>;
/** Changes the household before the first render. */
export type PrepareCloudCard = (services: Services) => void;

/**
 * The Alarm Management tab for the cloud card's tests: one online player with no alarms of its own,
 * one playlist ("Morning Songs"), the demo parent recorded at the backend (London), and the family
 * library's `family` cards. `prepare` changes the household before the first render.
 */
export function renderCloudCard(
  options: { family?: Playlist[]; prepare?: (services: Services) => void } = {},
) {
  const services = createTestServices();
  services.library.devices = [makeDevice('p1', 'Bedroom Player', true)];
  services.library.playlists = [makePlaylist(1, { title: 'Morning Songs' })];
  services.library.alarmsByDevice.set('p1', []);
  services.cloud.user = makeCloudUser();
  options.prepare?.(services);
  let loads = 0;
  const family: FamilyCards = { playlists: options.family ?? [], load: () => (loads += 1), loading: false };
  const view = renderWithServices(services, <AlarmsPanel knownTitle={() => undefined} family={family} />);
  return { services, familyLoads: () => loads, ...view };
}
