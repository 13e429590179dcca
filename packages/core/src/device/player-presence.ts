// Whether a player is on, from its own messages: the presence topic, and the legacy status's
// `shutDown` that a player sends as it switches itself off. Schema-free: the callers have checked
// the messages with device-messages.ts already.

export type LivePresence = 'online' | 'offline';

/** What a running player's legacy status says in `shutDown` ("not applicable"). */
const SHUTDOWN_NOT_APPLICABLE = 'nA';

/**
 * The legacy status's `shutDown`: 'nA' while the player runs, a reason ('userShutdown', …) as it
 * switches off; null when the message does not carry it (the documented status never does).
 */
export function presenceFromShutDown(shutDown: string | null | undefined): LivePresence | null {
  if (shutDown === undefined || shutDown === null || shutDown.trim() === '') return null;
  return shutDown.trim() === SHUTDOWN_NOT_APPLICABLE ? 'online' : 'offline';
}

/**
 * Whether a player's card says Online: the player's own latest word over MQTT when there is one
 * (it arrives within seconds), else the device list's `online` from the last REST read.
 */
export const isOnlineNow = (listed: boolean, live: LivePresence | null | undefined): boolean =>
  live ? live === 'online' : listed;
