import type { Kysely } from 'kysely';
import { claimFirings, firingKey, type Claim } from '../db/firing-claims-repository';
import type { Database } from '../db/schema';

// The claims a worker makes in one turn of the event loop go to the database together: the timers
// of alarms due at one instant fire in the same turn, and a pass fires every due alarm at once, so
// a replica claims a due instant's alarms with one batch instead of one transaction each
// (docs/scale.md). A claim asked twice in a batch (a timer and a pass, two pages' triggers) is won
// by one ask only (the first, or the one from a later read of the alarm); the other learns so once
// the batch is written, as it would from the database, so it can then read who fired it.

interface Ask {
  won: (won: boolean) => void;
  failed: (error: unknown) => void;
}

interface Queued {
  claim: Claim;
  first: Ask;
  again: Ask[];
}

export class ClaimBatcher {
  private queued = new Map<string, Queued>();
  private flushing = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** True when this process won the firing's claim. */
  claim(claim: Claim): Promise<boolean> {
    const key = firingKey(claim.alarmId, claim.dueAt);
    const already = this.queued.get(key);
    if (already !== undefined) {
      return new Promise<boolean>((won, failed) => {
        // Two reads of the alarm (a timer's and a pass's or a page's): only the later one's claim
        // can hold (the claim checks updated_at), so it is the one the batch sends.
        if (claim.alarm.updated_at > already.claim.alarm.updated_at) {
          already.again.push(already.first);
          already.first = { won, failed };
          already.claim = claim;
        } else already.again.push({ won, failed });
      });
    }
    return new Promise<boolean>((won, failed) => {
      this.queued.set(key, { claim, first: { won, failed }, again: [] });
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
      for (const [key, queued] of batch) {
        queued.first.won(won.has(key));
        for (const ask of queued.again) ask.won(false);
      }
    } catch (error) {
      for (const queued of batch.values()) {
        for (const ask of [queued.first, ...queued.again]) ask.failed(error);
      }
    }
  }
}
