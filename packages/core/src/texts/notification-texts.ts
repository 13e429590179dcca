// The words of the push notifications a parent gets: a title and a body each, word for word.
// `player` is the player's name, `time` an alarm's 'HH:MM' (with its place when the player keeps
// another clock than the parent's: "07:00 in New York").

/** Why a cloud alarm's firing did not play, as its receipt records it (every outcome but 'played'). */
export type NotPlayedReason = 'failed' | 'missed' | 'player-offline' | 'no-response';

const NOT_PLAYED_BODIES: Record<NotPlayedReason, (player: string) => string> = {
  failed: (player) => `the start on ${player} failed.`,
  missed: () => 'the server was not running then.',
  'player-offline': (player) => `${player} was off or offline.`,
  'no-response': (player) => `it was sent to ${player}, but the player did not say it was playing.`,
};

export const NOTIFICATION_TEXTS = {
  alarmNotPlayedTitle: (name: string): string => `Alarm did not play: ${name}`,
  alarmNotPlayedBody: (reason: NotPlayedReason, player: string, time: string): string =>
    `The ${time} alarm did not play: ${NOT_PLAYED_BODIES[reason](player)}`,

  alarmAtRiskTitle: (player: string): string => `Tomorrow's alarm on ${player} may not ring`,
  /** The evening check's three causes, each with what the parent can do about it. */
  atRiskBattery: (player: string, percent: number, time: string): string =>
    `${player} is at ${percent} % and not charging: the ${time} alarm may not ring. Put it on its dock.`,
  atRiskOffline: (player: string, time: string): string =>
    `${player} is off or offline: the ${time} alarm may not ring. Switch it on and check its WiFi.`,
  atRiskPowerOff: (player: string, timeout: string, time: string): string =>
    `${player} switches itself off after ${timeout} without use on battery: the ${time} alarm may not ring. Put it on its dock.`,

  playerOfflineTitle: (player: string): string => `${player} went offline`,
  /** A cloud alarm is rung by the server: a player that is off cannot be reached. */
  playerOfflineCloudBody: (player: string, time: string): string =>
    `${player} went offline just before its ${time} alarm: the alarm can't ring unless someone switches it on.`,
  /** A player's own alarm is rung by the player: off, it stays silent; only offline, it may still ring. */
  playerOfflineOwnBody: (player: string, time: string): string =>
    `${player} went offline just before its ${time} alarm: if it is switched off, the alarm won't ring.`,

  lowBatteryTitle: (player: string): string => `Low battery on ${player}`,
  lowBatteryBody: (player: string, percent: number, time: string): string =>
    `${player} is at ${percent} % and not charging before its ${time} bedtime alarm. Put it on its dock.`,
} as const;
