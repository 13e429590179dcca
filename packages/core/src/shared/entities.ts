// The entities, as the app holds them after parsing provider answers.

type PlaylistCategory = string; // 'MYO' by default; 'restricted', 'family-library', 'none' are special

export interface Playlist {
  id: string;
  cardId: string | null;
  title: string;
  description: string;
  created_at: string | null;
  updated_at: string | null;
  coverArt: string | null;
  /** Seconds. */
  duration: number;
  category: PlaylistCategory;
  groupId: string | null;
  groupName: string | null;
  isFromFamilyLibrary: boolean;
  author: string | null;
  availability: string | null;
}

interface FamilyLibraryItem {
  contentId: string;
  addedAt: string | null;
}

export interface FamilyLibraryGroup {
  id: string;
  name: string;
  items: FamilyLibraryItem[];
  imageUrl: string | null;
  createdAt: string | null;
  lastModifiedAt: string | null;
}

export interface Device {
  deviceId: string;
  name: string;
  /** 'yoto' when the provider does not say; such as 'v3' or 'minie'. */
  deviceType: string;
  online: boolean;
  description: string;
  /** The player's family from the device list, such as 'v3' or 'mini'; absent when not sent. */
  deviceFamily?: string;
  /** Such as 'standard' or 'mini'; absent when not sent. */
  formFactor?: string;
  /** Such as 'gen3'; absent when not sent. */
  generation?: string;
}

export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

export interface DeviceAlarm {
  /** 'alarm_{index}' in the device's alarm list. */
  id: string;
  /** 'HH:MM'. */
  time: string;
  hour: number;
  minute: number;
  days: Weekday[];
  enabled: boolean;
  /** A level of the player's 0–16 volume scale; the app writes 1 to 8 (alarm-volume.ts). */
  volume: number;
  cardId: string;
  chapterKey: string;
  trackKey: string;
  /** Fields after the seventh, kept so that writing the list back loses nothing. */
  extra: string[];
  /** The string as read from config.alarms: an alarm the app did not change is written back as this. */
  raw: string;
}

export type AlarmType = 'wakeup' | 'bedtime';

export interface UserProfile {
  /** The token's subject, such as 'auth0|abc123'. */
  sub: string;
  name: string | null;
  email: string | null;
}
