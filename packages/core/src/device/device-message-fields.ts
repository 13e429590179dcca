// What the app reads from players' messages once they are checked (device-messages.ts holds the
// schemas). Schema-free, so the always-loaded parts of the browser app (the link registry, the
// Play button) do not download the message schemas, which load with the first player link.

/** The fields of a player's events read here (DeviceEvents has them). */
interface EventFields {
  cardId?: string | null | undefined;
  trackLength?: number | undefined;
  position?: number | undefined;
}

/** Events are partial deltas: later fields win, fields a delta leaves out (or sends invalid) are kept. */
export function mergeEvents<E extends Record<string, unknown>>(prev: E | null | undefined, delta: E): E {
  const merged = { ...prev } as Record<string, unknown>;
  for (const [key, value] of Object.entries(delta)) if (value !== undefined) merged[key] = value;
  // Safe: every key comes from a value of E, with a value of E's for it.
  return merged as E;
}

/** A reported card id, or null when idle: the player says "none" (or nothing) when it holds no card. */
export const heldCardId = (cardId: string | null | undefined): string | null =>
  cardId && cardId !== 'none' ? cardId : null;

/** The card the player holds, or null when idle. */
export const activeCardId = (events: EventFields | null | undefined): string | null =>
  heldCardId(events?.cardId);

/** Progress as a percentage of the track when its length is above 0 (the now-playing modal's bar). */
export const playbackProgress = (events: EventFields | null | undefined): number => {
  const length = events?.trackLength ?? 0;
  if (length <= 0) return 0;
  return Math.min(100, Math.max(0, ((events?.position ?? 0) / length) * 100));
};

export const BLUETOOTH_KEY_PREFIX = '/bluetooth/';
/** The key real players answer every Bluetooth command with. */
export const BLUETOOTH_RESOURCE_KEY = 'bluetooth';

/** A response status map's Bluetooth key: its first '/bluetooth/…' key, else `bluetooth`. */
export function bluetoothResultKey(status: Readonly<Record<string, unknown>>): string | undefined {
  return (
    Object.keys(status).find((k) => k.startsWith(BLUETOOTH_KEY_PREFIX)) ??
    (Object.hasOwn(status, BLUETOOTH_RESOURCE_KEY) ? BLUETOOTH_RESOURCE_KEY : undefined)
  );
}
