import { createTestServices, makeDevice, makePlaylist } from './twins';
import type { TestServices } from './twins';

/** Two players (one offline), six playlists (the fifth without a card) and an API status for p1. */
export function household(
  options: { statusPolling?: boolean; refusingDevices?: string[] } = {},
): TestServices {
  const services = createTestServices(options);
  services.library.devices = [
    makeDevice('p1', 'Bedroom Player', true),
    makeDevice('p2', 'Playroom Mini', false),
  ];
  services.library.playlists = [
    makePlaylist(1, { title: 'Bedtime Stories Collection' }),
    makePlaylist(2, { title: '' }),
    makePlaylist(3, { cardId: null, title: 'No Card' }),
    makePlaylist(4),
    makePlaylist(5),
    makePlaylist(6),
  ];
  services.library.apiStatusByDevice.set('p1', {
    batteryLevelPercentage: 64,
    isCharging: true,
    wifiStrength: -58,
    powerSource: 2,
    isOnline: true,
    networkSsid: 'Home WiFi',
    utcOffsetSeconds: 3600,
    temperatureCelcius: 'notSupported',
  });
  return services;
}
