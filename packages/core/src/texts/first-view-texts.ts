// The texts of the views the first download carries (loading, logged out, the error view), in a
// module of their own: a module goes whole into one chunk, so importing them from messages.ts
// would put every message (MESSAGES and the rest, which the lazy chunks read) in the first one.

export const PROVIDER_NAME = 'Yoto';

export const APP_TITLE = `${PROVIDER_NAME} Playlist Alarms`;
/** The app's promise, under its title on the loading and logged-out views. */
export const APP_PROMISE =
  "Wake up and wind down with your family's playlists: browse them, play them on your player and set wake-up and bedtime alarms.";
export const LOADING_TEXT = 'Loading your personalized alarm experience...';
export const CONNECT_ACCOUNT_LABEL = `Connect ${PROVIDER_NAME} Account`;
export const FAILED_TO_INITIALIZE = 'Failed to initialize app. Please try again.';
/** Shown instead of failing when the app opens (from the service worker's cache) without a network. */
export const OFFLINE_MESSAGE = 'You are offline: playlists and players need a connection';
