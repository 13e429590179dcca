import { expect, it } from 'vitest';
import { usesDueIndex } from './due-index';

// Plan lines as PostgreSQL prints them (EXPLAIN ANALYZE, costs shortened).
const INDEX_SCAN = [
  'Limit  (cost=0.42..8.45 rows=1 width=200) (actual time=0.02..0.10 rows=90 loops=1)',
  '  ->  Index Scan using alarms_enabled_next_fire_idx on alarms  (cost=0.42..8.45 rows=1 width=200)',
  "        Index Cond: ((is_enabled = 1) AND (next_fire_at <= '2026-11-23T00:01:00.000Z'::text))",
];
const BITMAP_SCAN = [
  'Bitmap Heap Scan on alarms  (cost=5.1..300.2 rows=90 width=200)',
  "  Recheck Cond: ((is_enabled = 1) AND (next_fire_at <= '2026-11-23T00:01:00.000Z'::text))",
  '  ->  Bitmap Index Scan on alarms_enabled_next_fire_idx  (cost=0.00..5.08 rows=90 width=0)',
];

it('an index or bitmap scan of the due index passes', () => {
  expect(usesDueIndex(INDEX_SCAN)).toBe(true);
  expect(usesDueIndex(BITMAP_SCAN)).toBe(true);
  expect(
    usesDueIndex(['Index Scan Backward using alarms_enabled_next_fire_idx on alarms  (cost=1..2)']),
  ).toBe(true);
});

it('another index of the table, or a scan of the whole table, does not', () => {
  expect(usesDueIndex(['Index Scan using alarms_pkey on alarms  (cost=0.42..8.45 rows=1 width=200)'])).toBe(
    false,
  );
  expect(usesDueIndex(['Bitmap Index Scan on alarms_user_idx  (cost=0.00..5.08 rows=90 width=0)'])).toBe(
    false,
  );
  expect(usesDueIndex(['Seq Scan on alarms  (cost=0.00..40000.00 rows=90 width=200)'])).toBe(false);
  expect(usesDueIndex([...INDEX_SCAN, '  ->  Parallel Seq Scan on alarms  (cost=0.00..30000.00)'])).toBe(
    false,
  );
});
