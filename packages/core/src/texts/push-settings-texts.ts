// The words of the Notifications settings: one switch per kind ("Notify me when…"), the quiet
// hours, and what the page says when the browser cannot or may not show notifications.
// Keyed by core's NOTIFICATION_KINDS (texts import only shared: the page's use checks every kind).
export const NOTIFICATION_KIND_LABELS = {
  'alarm-not-played': 'a cloud alarm did not play',
  'alarm-at-risk': 'an alarm may not ring (its player is off or low)',
  'player-offline': 'a player goes offline',
  'low-battery': 'a player’s battery is low',
} as const;

export const PUSH_SETTINGS_TEXTS = {
  title: 'Notifications',
  intro: 'This browser can tell you when something needs you, even with the app closed.',
  notifyMeWhen: 'Notify me when…',
  turnOn: 'Turn on notifications in this browser',
  turnOff: 'Turn off in this browser',
  turnedOn: 'Notifications are on in this browser',
  turnedOff: 'Notifications are off in this browser',
  quietHours: 'Quiet hours',
  quietFrom: 'From',
  quietTo: 'To',
  quietHint:
    'No notifications between these times, in your time zone, except about an alarm due within the hour.',
  saveQuietHours: 'Save quiet hours',
  quietHoursSaved: 'Quiet hours saved',
  unsupported:
    'This browser cannot receive notifications from web apps. Try a recent Chrome, Edge, Firefox or Safari (on iPhone, add the app to the Home Screen first).',
  denied:
    'Notifications are blocked for this site. Allow them in the browser’s site settings, then reload this page.',
  serverOff: 'Notifications are not set up on this server.',
  failed: 'Could not change the notifications',
} as const;
