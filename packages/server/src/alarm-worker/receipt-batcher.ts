import type { Kysely } from 'kysely';
import { firingKey } from '../db/firing-claims-repository';
import { writeReceipts, type Receipt } from '../db/firing-receipts-repository';
import type { Database } from '../db/schema';

// The receipts a worker writes go to the database together when they come together (a group
// commit): while one batch is being written, the next gathers, and it goes as soon as that one is
// done. A lone receipt waits for nothing but the end of its turn of the event loop; at a busy
// minute, where the players' answers come in over a second, each statement carries all the
// receipts that came in while the one before it ran (docs/scale.md, step 4).

interface Queued {
  receipt: Receipt;
  wrote: (wrote: boolean) => void;
  failed: (error: unknown) => void;
}

/** At most this many receipts a statement, which bounds how many rows one holds locked. */
const RECEIPTS_PER_STATEMENT = 1_000;

export class ReceiptBatcher {
  private queued: Queued[] = [];
  private draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** True when this call wrote the receipt (false: the firing had one already). */
  record(receipt: Receipt): Promise<boolean> {
    return new Promise<boolean>((wrote, failed) => {
      this.queued.push({ receipt, wrote, failed });
      if (!this.draining) {
        this.draining = true;
        // After this turn's callbacks: the receipts recorded in it go together.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queued.length > 0) await this.writeNext();
    this.draining = false;
  }

  /** Writes the next batch: the first receipt of each firing; a second one waits for the next. */
  private async writeNext(): Promise<void> {
    const batch = new Map<string, Queued>();
    const later: Queued[] = [];
    for (const queued of this.queued) {
      const key = firingKey(queued.receipt.alarmId, queued.receipt.dueAt);
      if (batch.has(key) || batch.size === RECEIPTS_PER_STATEMENT) later.push(queued);
      else batch.set(key, queued);
    }
    this.queued = later;
    try {
      const written = await writeReceipts(
        this.db,
        [...batch.values()].map((queued) => queued.receipt),
      );
      for (const [key, queued] of batch) queued.wrote(written.has(key));
    } catch (error) {
      for (const queued of batch.values()) queued.failed(error);
    }
  }
}
