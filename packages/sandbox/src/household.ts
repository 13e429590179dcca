// The in-memory data of the sandbox cloud: what the REST API serves and the players play.
import type { DeviceConfig } from './device-config';

export interface SeedTrack {
  /** Usually '01', '02'…; one demo card uses numbers, as real answers sometimes do. */
  key: string | number;
  title: string;
  /** Seconds. */
  duration: number;
}

export interface SeedChapter {
  key: string | number;
  title: string;
  duration: number;
  tracks: SeedTrack[];
}

export interface SeedCard {
  cardId: string;
  /** The family that may see this card at all; any other family gets 404. */
  familyId: string;
  /** Listed by GET /content/mine (the family's own playlists). */
  mine: boolean;
  /** false: the content answers 403 (restricted). */
  readable: boolean;
  title: string;
  description: string;
  /** undefined: the field is left out of the answer (the client defaults it). */
  category: string | undefined;
  author: string;
  /** Index of a cover served at /covers/{n}.svg; null: no cover art. */
  cover: number | null;
  createdAt: string;
  updatedAt: string;
  /** Seconds, the sum of the chapters. */
  duration: number;
  fileSize: number;
  chapters: SeedChapter[];
}

export interface SeedGroup {
  id: string;
  familyId: string;
  name: string;
  cover: number | null;
  items: { contentId: string; addedAt: string }[];
  createdAt: string;
  lastModifiedAt: string;
}

export type ProductType = 'v3' | 'mini' | 'v2';

/**
 * The device list's `deviceType` of each family (`deviceFamily` is the product type itself): real
 * entries carry a short code such as 'v3' or 'minie' (cdnninja/yoto_api, models/device.py).
 */
export const DEVICE_TYPE_OF: Readonly<Record<ProductType, string>> = { v3: 'v3', mini: 'minie', v2: 'v2' };

export interface SeedDevice {
  deviceId: string;
  familyId: string;
  name: string;
  description: string;
  productType: ProductType;
  formFactor: 'standard' | 'mini';
  generation: string;
  firmwareVersion: string;
  releaseChannel: string;
  initiallyOnline: boolean;
  geoTimezone: string;
  networkSsid: string;
  batteryLevel: number;
  charging: boolean;
  /** Initial volume on the player's 0–16 scale. */
  volume: number;
  config: DeviceConfig;
}

export interface Household {
  cards: Map<string, SeedCard>;
  groups: Map<string, SeedGroup>;
  devices: Map<string, SeedDevice>;
}

export function cardsOfFamily(household: Household, familyId: string): SeedCard[] {
  return [...household.cards.values()].filter((card) => card.familyId === familyId);
}
