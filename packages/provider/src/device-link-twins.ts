import type { DeviceMessageKind } from '@playlist-alarms/core/device/device-messages';

/**
 * Drops the twin of a message: players publish each message on the legacy and the documented topic
 * (`events` and `data/events`), and while the link renews its token two sessions deliver it. The
 * same kind and payload from another source (session + topic) within `windowMs` is the same
 * message; from the same source it is a real repeat and passes. Merging events twice is harmless,
 * but a consumer counting events, or a response settling a request, must see each message once.
 */
/** How close the legacy and the documented topic's copies of one message come, at most. */
export const DEFAULT_TWIN_WINDOW_MS = 2_000;

export class TwinFilter {
  private readonly seen = new Map<string, { source: string; at: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the message is new; false for a twin of one admitted within the window. */
  admit(kind: DeviceMessageKind, payloadText: string, source: string): boolean {
    const now = this.now();
    for (const [key, entry] of this.seen) if (now - entry.at >= this.windowMs) this.seen.delete(key);
    const key = `${kind}\n${payloadText}`;
    const last = this.seen.get(key);
    if (last !== undefined && last.source !== source) return false;
    this.seen.set(key, { source, at: now });
    return true;
  }

  clear(): void {
    this.seen.clear();
  }
}
