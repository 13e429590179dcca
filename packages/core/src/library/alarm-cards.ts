// Which card an alarm plays, named: from the parent's own playlists, else the family library (a
// card id that is not the parent's own may be in one of its groups), else the card's own content.
// And the choices the Edit alarm dialog offers: own playlists first, then the family library.
import type { FamilyLibraryGroup, Playlist } from '../shared/entities';
import { ALARM_EDIT_TEXTS, chapterLabel, familyGroupLabel } from '../texts/alarm-edit-texts';

/** A card as an alarm list or the card choice shows it. */
export interface AlarmCard {
  cardId: string;
  title: string;
  coverArt: string | null;
  /** The family library group it was found in; null for an own playlist or a content read. */
  groupName: string | null;
}

const asAlarmCard = (playlist: Playlist & { cardId: string }): AlarmCard => ({
  cardId: playlist.cardId,
  title: playlist.title,
  coverArt: playlist.coverArt,
  groupName: playlist.isFromFamilyLibrary ? (playlist.groupName ?? null) : null,
});

const withCard = (playlist: Playlist): playlist is Playlist & { cardId: string } => !!playlist.cardId;

/** The card among the playlists (own first, then family), or null when none holds it. */
export function findAlarmCard(
  cardId: string,
  ...lists: ReadonlyArray<readonly Playlist[]>
): AlarmCard | null {
  for (const list of lists) {
    const found = list.find((playlist) => playlist.cardId === cardId);
    if (found && withCard(found)) return asAlarmCard(found);
  }
  return null;
}

/** The family library groups whose items hold the card: only their detail need be read to name it. */
export const groupsHoldingCard = (
  groups: readonly FamilyLibraryGroup[],
  cardId: string,
): FamilyLibraryGroup[] => groups.filter((group) => group.items.some((item) => item.contentId === cardId));

/** The card choice's entries, each card once: the own playlists, then the family library's cards. */
export function alarmCardChoices(own: readonly Playlist[], family: readonly Playlist[]): AlarmCard[] {
  const seen = new Set<string>();
  const choices: AlarmCard[] = [];
  for (const playlist of [...own, ...family]) {
    if (!withCard(playlist) || seen.has(playlist.cardId)) continue;
    seen.add(playlist.cardId);
    choices.push(asAlarmCard(playlist));
  }
  return choices;
}

/** Where the card choice lists a card: "Your playlists" or "Family library · {group}". */
export const alarmCardSource = (card: AlarmCard): string =>
  card.groupName === null ? ALARM_EDIT_TEXTS.ownPlaylists : familyGroupLabel(card.groupName);

/**
 * The chapter choice: the start of the card (''), then the card's chapters. A stored key the card
 * does not list (or whose chapters could not be read) stays a choice, so opening the dialog never
 * changes it.
 */
export function chapterChoices(
  chapters: ReadonlyArray<{ key: string; title: string }>,
  current: string,
): Array<{ key: string; label: string }> {
  const choices = [
    { key: '', label: ALARM_EDIT_TEXTS.fromTheStart },
    ...chapters.map((chapter) => ({ key: chapter.key, label: chapterLabel(chapter.key, chapter.title) })),
  ];
  if (current && !choices.some((choice) => choice.key === current))
    choices.push({ key: current, label: chapterLabel(current, '') });
  return choices;
}
