// A player's message bytes as JSON: shared by the device link and the presence watch, which read
// the same topics and must drop the same malformed messages.

/** Far above any real player's message (a full status is under 1 KiB): larger ones are not read. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * A player's message as a JSON object; undefined when it is too large, not JSON, or JSON of
 * another type (every real message is an object). Such messages are dropped unread.
 */
export function parseMessagePayload(payload: Uint8Array): Record<string, unknown> | undefined {
  if (payload.byteLength > MAX_MESSAGE_BYTES) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return undefined;
  }
  return isJsonObject(value) ? value : undefined;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
