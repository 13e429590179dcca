// The service worker's message names, shared by the worker and the page.
export const SYNC_ALARMS = 'SYNC_ALARMS';
export const SCHEDULE_UPDATE = 'SCHEDULE_UPDATE';
export const ALARM_TRIGGERED = 'ALARM_TRIGGERED';
/** Sent by vite-plugin-pwa's registration when the user accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';
