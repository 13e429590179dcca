// The worker pass bench's check of PostgreSQL's plan (worker-pass.ts): the pass must read the alarms
// through its own index, whatever kind of scan PostgreSQL picks for it.

/** The pass's own index, from the migrations (`is_enabled, next_fire_at`). */
export const DUE_INDEX = 'alarms_enabled_next_fire_idx';

const THROUGH_DUE_INDEX = new RegExp(
  `(Index (Only )?Scan (Backward )?using ${DUE_INDEX} on alarms|Bitmap Index Scan on ${DUE_INDEX})\\b`,
);
const WHOLE_TABLE = /Seq Scan on alarms\b/;

/**
 * Whether an EXPLAIN's lines read the alarms through the due index (an index, index-only or bitmap
 * index scan of it) and never scan the whole table. Another index of the table does not count.
 */
export function usesDueIndex(plan: readonly string[]): boolean {
  return plan.some((line) => THROUGH_DUE_INDEX.test(line)) && !plan.some((line) => WHOLE_TABLE.test(line));
}
