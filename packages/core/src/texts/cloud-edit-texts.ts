// The words of the cloud alarm dialog (create, edit), the cards' switch and duplicate, and the cap.
import { MAX_CLOUD_ALARMS } from '../shared/constants';

/** The server's 409 and the page's refusal say the same thing. */
export const CLOUD_CAP_MESSAGE = `An account can hold at most ${MAX_CLOUD_ALARMS} cloud alarms`;

export const CLOUD_EDIT_TEXTS = {
  newButton: 'New Cloud Alarm',
  createTitle: 'New Cloud Alarm',
  editTitle: 'Edit Cloud Alarm',
  createAction: 'Create',
  editAction: 'Save',
  cardLabel: 'Playlist',
  ownGroup: 'My Playlists',
  familyGroup: 'Family Playlists',
  familyLoading: 'Loading the family library…',
  playerLabel: 'Player',
  zoneNote: 'Every cloud alarm rings in this zone; changing it moves them all.',
  keepOnPlayer: 'Save on the player instead',
  created: 'Cloud alarm created',
  saved: 'Cloud alarm saved',
  duplicated: 'Cloud alarm duplicated',
  /** A card the lists and the provider cannot name (removed, or no longer shared). */
  unknownCard: 'Unknown playlist',
} as const;

/** "Morning Songs (copy)": the duplicate's name. */
export const copyName = (name: string): string => `${name} (copy)`;

/** The card switch's accessible name and the toast after it. */
export const cloudSwitchLabel = (name: string): string => `${name} on`;
export const cloudSwitched = (name: string, on: boolean): string => `"${name}" switched ${on ? 'on' : 'off'}`;

export const editCloudAlarmLabel = (name: string): string => `Edit ${name}`;
export const duplicateCloudAlarmLabel = (name: string): string => `Duplicate ${name}`;
