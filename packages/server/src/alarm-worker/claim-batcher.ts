import type { Kysely } from 'kysely';
import { claimFirings, claimKey, type Claim } from '../db/firing-claims-repository';
import type { Database } from '../db/schema';

// The claims a worker makes in one turn of the event loop go to the database together: the timers
// of alarms due at one instant fire in the same turn, and a pass fires every due alarm at once, so
// a replica claims a due instant's alarms with one batch instead of one transaction each
// (docs/scale.md). A claim asked twice in a batch (a timer and a pass) is won by the first ask only.

export class ClaimBatcher {
  private queued = new Map<
    string,
    { claim: Claim; won: (won: boolean) => void; failed: (e: unknown) => void }
  >();
  private flushing = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** True when this process won the firing's claim. */
  claim(claim: Claim): Promise<boolean> {
    const key = claimKey(claim.alarmId, claim.dueAt);
    if (this.queued.has(key)) return Promise.resolve(false);
    return new Promise<boolean>((won, failed) => {
      this.queued.set(key, { claim, won, failed });
      if (!this.flushing) {
        this.flushing = true;
        // After this turn's timers and callbacks: every claim of the instant is queued by then.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = new Map();
    this.flushing = false;
    try {
      const won = await claimFirings(
        this.db,
        [...batch.values()].map((queued) => queued.claim),
      );
      for (const [key, queued] of batch) queued.won(won.has(key));
    } catch (error) {
      for (const queued of batch.values()) queued.failed(error);
    }
  }
}
