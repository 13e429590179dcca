// What card/start carries, by who starts the card. A player given no `secondsIn` resumes that card
// where it was left (and then ignores the chapter and track asked for); `secondsIn: 0` starts from
// the beginning, or from the start of the chapter or track named.
import { parseCardUri } from './card-uri';
import type { CardStartPayload } from './mqtt-commands';

/** An alarm plays its card from the beginning (or its chapter and track), never mid-story. */
export const alarmCardStart = (
  uri: string,
  position: { chapterKey?: string | null; trackKey?: string | null } = {},
): CardStartPayload => cardStartAt(uri, position);

/**
 * A card from the top of a chapter (and track), as Home Assistant's integration starts one: the
 * keys in the payload, `secondsIn: 0` so the player does not resume elsewhere instead.
 */
export function cardStartAt(
  uri: string,
  position: { chapterKey?: string | null; trackKey?: string | null } = {},
): CardStartPayload {
  return {
    uri,
    ...(position.chapterKey ? { chapterKey: position.chapterKey } : {}),
    ...(position.trackKey ? { trackKey: position.trackKey } : {}),
    secondsIn: 0,
  };
}

/**
 * The Play button: a whole playlist resumes where it was left, as Home Assistant's Yoto
 * integration plays a card ("a card play keeps its resume point"); a URI naming a chapter or track
 * starts there, since a resume would ignore it.
 */
export function playCardStart(uri: string): CardStartPayload {
  const target = parseCardUri(uri);
  const targeted = target !== null && (target.chapterKey !== null || target.trackKey !== null);
  return targeted ? { uri, secondsIn: 0 } : { uri };
}
