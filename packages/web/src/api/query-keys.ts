// One key factory for every server call, so invalidation goes by key, not by hope.
export const queryKeys = {
  all: ['provider'] as const,
  user: () => [...queryKeys.all, 'user'] as const,
  playlists: () => [...queryKeys.all, 'playlists'] as const,
  devices: () => [...queryKeys.all, 'devices'] as const,
  familyGroups: () => [...queryKeys.all, 'family-groups'] as const,
  familyGroup: (groupId: string) => [...queryKeys.all, 'family-group', groupId] as const,
  /** The family library as playlists, assembled from the groups, their detail and card content. */
  familyLibrary: () => [...queryKeys.all, 'family-library'] as const,
  content: (cardId: string) => [...queryKeys.all, 'content', cardId] as const,
  deviceConfig: (deviceId: string) => [...queryKeys.all, 'device-config', deviceId] as const,
  /** A player's day and night settings, from the same config read. */
  dayNight: (deviceId: string) => [...queryKeys.all, 'day-night', deviceId] as const,
  /** A card's content (title, cover, chapters) as the alarm lists and the Edit alarm dialog read it. */
  cardDetail: (cardId: string) => [...queryKeys.all, 'card-detail', cardId] as const,
  cloud: () => ['cloud'] as const,
  cloudHealth: () => [...queryKeys.cloud(), 'health'] as const,
  /** The user record the backend holds (its time zone), written by the sign-in sync. */
  cloudUser: () => [...queryKeys.cloud(), 'user'] as const,
  cloudAlarms: () => [...queryKeys.cloud(), 'alarms'] as const,
  /** A player's held alarms (skipped or paused), kept by the own backend; its alarm history sits under it. */
  alarmHolds: (deviceId: string) => ['alarm-holds', deviceId] as const,
  /** The signed-in user's Quick Play Favorites, kept by the own backend. */
  favourites: () => ['favourites'] as const,
};
