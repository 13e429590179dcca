// The app's deep links: a notification's `url` opens the view it is about, such as
// `/?view=devices&device=ID` (the Devices tab, that player) or `/?view=alarms`.
import type { MainTab } from '@playlist-alarms/core/texts/main-tabs';

// The tabs a link may name, spelled here (a type import of core's list): importing the list itself
// would split it into a chunk of its own on the logged-in view's path.
const VIEWS = ['playlists', 'alarms', 'devices', 'help'] as const satisfies readonly MainTab[];

export interface AppViewLink {
  tab: MainTab;
  /** The player to show, on the Devices tab. */
  deviceId: string | null;
}

/** The view a page address asks for, or null when it names none (or one that does not exist). */
export function appViewFromSearch(search: string): AppViewLink | null {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  const tab = VIEWS.find((candidate) => candidate === view);
  if (tab === undefined) return null;
  const device = params.get('device');
  return { tab, deviceId: tab === 'devices' && device !== null && device !== '' ? device : null };
}

/** The address without the view's parameters: a reload then opens the app as usual. */
export function withoutViewParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('view');
  params.delete('device');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

// The player a deep link asked for, held from the link's reading until the Devices tab mounts.
let heldDevice: string | null = null;

export function holdFocusDevice(deviceId: string | null): void {
  heldDevice = deviceId;
}

/** The held player, read as the Devices tab renders: a render React throws away reads it again. */
export function heldFocusDevice(): string | null {
  return heldDevice;
}

/** Once the tab has mounted: its later visits focus nothing. */
export function forgetFocusDevice(): void {
  heldDevice = null;
}
