// Whether a player confirmed that it plays a card, from what it sent after card/start. Events are
// deltas (a 'playing' one may leave out the card the 'loading' before it named), so they are read
// merged into what the player said before; and real players answer card/start with `card: OK`,
// which counts as a confirmation by itself.
import { mergeEvents } from './device-message-fields';
import { parseCommandResponse, parseDeviceEvents } from './device-messages';
import type { DeviceEvents } from './device-messages';

export type CardStartAnswer = 'OK' | 'FAIL';

/** The player's answer to card/start in a response message: keyed `card` by real players, or by the whole command path `card/start`. */
export function cardStartAnswer(payload: unknown): CardStartAnswer | null {
  const status = parseCommandResponse(payload);
  const value = status?.card ?? status?.['card/start'];
  return value === 'OK' || value === 'FAIL' ? value : null;
}

/** Follows one player's events for one card/start: merges every delta, and says when it plays the card. */
export class PlayConfirmation {
  private known: DeviceEvents | null = null;
  private heardSinceStart = false;

  constructor(private readonly cardId: string) {}

  /** Every events message of the player, before card/start as well (they say what the deltas leave out). */
  noteEvents(payload: unknown, afterStart: boolean): void {
    const events = parseDeviceEvents(payload);
    if (!events) return;
    this.known = mergeEvents(this.known, events);
    if (afterStart) this.heardSinceStart = true;
  }

  /** An events message since card/start, and the merged state plays the card. */
  get playing(): boolean {
    return (
      this.heardSinceStart && this.known?.cardId === this.cardId && this.known.playbackStatus === 'playing'
    );
  }
}
