/** SPEC §2 duration badge: whole minutes, such as "5m". */
export const durationBadge = (seconds: number): string =>
  `${Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds / 60) : 0}m`;
