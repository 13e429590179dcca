// The logged-in view's four main tabs, in their order on the page (Playlists, Alarms,
// Devices, Help). Named once, so the tabs and the guided tour that opens them agree.

export const MAIN_TABS = ['playlists', 'alarms', 'devices', 'help'] as const;

export type MainTab = (typeof MAIN_TABS)[number];

/** The page's element ids, shared by the tabs and the guided tour that points at them. */
export const MAIN_TABS_ELEMENT_ID = 'main-tabs';
export const mainTabElementId = (tab: MainTab): string => `tab-${tab}`;
