import type { PlayerLink } from '@playlist-alarms/provider/device-link-types';
import type { AccessTokenSource } from './access-token-source';
import type { WorkerClock } from './clock';

// One device link per player, opened ahead of the alarm (5 minutes before, the prepare window) and
// reused, so at the minute only publishes remain. The worker's links share one MQTT session per
// account (provider's account-links.ts, made in setup.ts): a family's second player is a SUBSCRIBE,
// not a second login. Each session gets its own client id (a per-connection suffix), so this process
// never evicts a browser tab or another replica.

type LinkFactory = () => PlayerLink;

type OpenResult = { ok: true; link: PlayerLink } | { ok: false; reason: 'no-token' | 'connect-failed' };

interface Entry {
  link: PlayerLink;
  /** The connect in flight, shared by everyone who asks meanwhile. */
  opening: Promise<OpenResult> | null;
  lastUsedMs: number;
  /** Users that keep the link however long since its last use (a fade, between its steps). */
  retained: number;
}

/** Links unused for this long are closed by `closeIdle` (the worker calls it on every look). */
const LINK_IDLE_MS = 10 * 60_000;

export class PlayerLinks {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly tokens: AccessTokenSource,
    private readonly createLink: LinkFactory,
    private readonly clock: WorkerClock,
  ) {}

  /** How many links are open or opening (for the status). */
  get size(): number {
    return this.entries.size;
  }

  /** A connected link to the player, connecting (with a fresh token) when it has none. */
  async open(userId: string, deviceId: string): Promise<OpenResult> {
    const key = `${userId}\u0000${deviceId}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const link = this.createLink();
      const created: Entry = { link, opening: null, lastUsedMs: 0, retained: 0 };
      this.entries.set(key, created);
      entry = created;
    }
    const current = entry;
    current.lastUsedMs = this.clock.now().getTime();
    if (current.link.status === 'connected' && current.link.deviceId === deviceId) {
      return { ok: true, link: current.link };
    }
    current.opening ??= this.connect(current, userId, deviceId).finally(() => {
      current.opening = null;
    });
    return current.opening;
  }

  /**
   * Keeps the player's link (if open) from being closed as idle until the returned release is
   * called: for a fade, whose steps may be more than ten minutes apart while its listener waits on
   * the link for a person changing the volume.
   */
  retain(userId: string, deviceId: string): () => void {
    const entry = this.entries.get(`${userId}\u0000${deviceId}`);
    if (entry === undefined) return () => undefined;
    entry.retained += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.retained -= 1;
    };
  }

  async closeIdle(): Promise<void> {
    const cutoff = this.clock.now().getTime() - LINK_IDLE_MS;
    for (const [key, entry] of [...this.entries]) {
      if (entry.lastUsedMs < cutoff && entry.opening === null && entry.retained === 0) {
        this.entries.delete(key);
        await entry.link.dispose();
      }
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.allSettled(all.map((entry) => entry.link.dispose()));
  }

  private async connect(entry: Entry, userId: string, deviceId: string): Promise<OpenResult> {
    const token = await this.tokens.accessTokenFor(userId, deviceId);
    if (token === null) return { ok: false, reason: 'no-token' };
    const connected = await entry.link.connect(deviceId, token);
    if (!connected) return { ok: false, reason: 'connect-failed' };
    return { ok: true, link: entry.link };
  }
}
