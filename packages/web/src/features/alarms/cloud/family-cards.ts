import type { Playlist } from '@playlist-alarms/core/shared/entities';

/**
 * The family library as the app hands it to the cloud card (the playlists feature owns its
 * loading): what is loaded so far, and a way to ask for it when a dialog needs the choices.
 */
export interface FamilyCards {
  playlists: readonly Playlist[];
  /** Starts the library's requests unless it is loaded and fresh. */
  load: () => void;
  loading: boolean;
}

export const NO_FAMILY_CARDS: FamilyCards = { playlists: [], load: () => undefined, loading: false };
