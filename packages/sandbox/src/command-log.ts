// What the players received: every command the broker delivered to a player that heard it, with
// the moment it did, so a test or the bench in another process can count what rang and when
// (GET /_sandbox/commands?since=<ms>). A ring buffer: a long-running sandbox keeps the newest
// COMMAND_LOG_CAPACITY entries and counts the ones it let go.

/** Room for the 1,000-player bench's four commands a firing several times over (about 7 MB full). */
export const COMMAND_LOG_CAPACITY = 50_000;

export interface ReceivedCommand {
  deviceId: string;
  /** `device/{id}/command/{name}`, as published. */
  topic: string;
  /** Epoch ms the broker handed it to the player. */
  at: number;
}

export class CommandLog {
  private readonly entries: (ReceivedCommand | undefined)[];
  /** Where the next entry goes. */
  private next = 0;
  private size = 0;
  private dropped = 0;

  constructor(readonly capacity = COMMAND_LOG_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be 1 or more');
    this.entries = new Array<ReceivedCommand | undefined>(capacity);
  }

  record(entry: ReceivedCommand): void {
    if (this.size === this.capacity) this.dropped += 1;
    else this.size += 1;
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Entries at or after `sinceMs`, oldest first. */
  since(sinceMs: number): ReceivedCommand[] {
    const found: ReceivedCommand[] = [];
    const first = (this.next - this.size + this.capacity) % this.capacity;
    for (let i = 0; i < this.size; i += 1) {
      const entry = this.entries[(first + i) % this.capacity];
      if (entry !== undefined && entry.at >= sinceMs) found.push(entry);
    }
    return found;
  }

  /** Entries let go to make room since the sandbox started: > 0 means old windows may be incomplete. */
  get overwritten(): number {
    return this.dropped;
  }
}
