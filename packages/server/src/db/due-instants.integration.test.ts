import { CompiledQuery, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import {
  alarmBody,
  describeOnDatabases,
  describeOnPostgres,
  migratedDatabaseEach,
} from '../../test/support/cloud-api';
import { newAlarmRow } from './alarms-repository';
import { dueInstantsQuery, findDueInstants } from './firings-repository';
import type { AlarmsTable, Database } from './schema';

// The instants a replica watches the others' claims at: each once, in order, within (after, until],
// enabled alarms only. A whole minute on one instant must cost a few index probes, not a walk of
// every alarm due then (docs/scale.md, "The look per share").

const AFTER = new Date('2026-06-10T06:59:30.000Z');
const UNTIL = new Date('2026-06-10T07:00:30.000Z');
const SEVEN = '2026-06-10T07:00:00.000Z';

/** Alarms as the API writes them, each then set due at its instant (null: none) and switched on or off. */
async function seed(db: Kysely<Database>, wanted: { at: string | null; enabled?: boolean }[]): Promise<void> {
  const created = new Date('2026-06-09T12:00:00.000Z');
  const rows = wanted.map(({ at, enabled = true }, index): AlarmsTable => ({
    ...newAlarmRow(
      `user-${index}`,
      cloudAlarmCreateSchema.parse(
        alarmBody({ hour: 7, minute: 0, days: '1111111', yoto_device_id: `player-${index}` }),
      ),
      null,
      created,
    ),
    next_fire_at: at,
    is_enabled: enabled ? 1 : 0,
  }));
  // In parts: a statement takes at most 32,766 parameters on SQLite, 65,535 on PostgreSQL.
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('alarms')
      .values(rows.slice(start, start + 200))
      .execute();
  }
}

describeOnDatabases('the instants due within the minute', (open) => {
  const test = migratedDatabaseEach(open);

  it('lists each instant once, earliest first, after `after` and up to `until`, of enabled alarms only', async () => {
    const { db } = test;
    await seed(db, [
      { at: AFTER.toISOString() },
      { at: SEVEN },
      { at: SEVEN },
      { at: SEVEN },
      { at: '2026-06-10T06:59:45.000Z' },
      { at: '2026-06-10T06:59:45.000Z' },
      { at: UNTIL.toISOString() },
      { at: '2026-06-10T07:00:10.000Z', enabled: false },
      { at: '2026-06-10T07:00:30.001Z' },
      { at: '2026-06-10T06:59:29.999Z' },
      { at: null },
    ]);

    expect(await findDueInstants(db, AFTER, UNTIL)).toEqual([
      '2026-06-10T06:59:45.000Z',
      SEVEN,
      UNTIL.toISOString(),
    ]);
  });

  it('finds none when nothing enabled is due within the minute', async () => {
    const { db } = test;
    await seed(db, [{ at: SEVEN, enabled: false }, { at: '2026-06-11T07:00:00.000Z' }]);

    expect(await findDueInstants(db, AFTER, UNTIL)).toEqual([]);
  });
});

describeOnPostgres('the instants due within a busy minute', (open) => {
  const test = migratedDatabaseEach(open);

  it('reads one index entry per instant of 2,000 alarms on two instants, not every one of them', async () => {
    const { db } = test;
    await seed(
      db,
      Array.from({ length: 2_000 }, (_, index) => ({
        at: index % 2 === 0 ? SEVEN : '2026-06-10T07:00:15.000Z',
      })),
    );
    await db.executeQuery(CompiledQuery.raw('analyze alarms'));
    expect(await findDueInstants(db, AFTER, UNTIL)).toEqual([SEVEN, '2026-06-10T07:00:15.000Z']);

    // The rows each node of the plan read from alarms, over all its loops: a walk of the minute reads
    // 2,000 at its index scan; the probes read one per instant found, and none at the last.
    const compiled = dueInstantsQuery(db, AFTER, UNTIL).compile();
    const explained = await db.executeQuery<{ 'QUERY PLAN': PlanRoot[] }>(
      CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    let seen = 0;
    const visit = (node: PlanNode): void => {
      if (node['Relation Name'] === 'alarms') seen += node['Actual Rows'] * node['Actual Loops'];
      for (const child of node.Plans ?? []) visit(child);
    };
    const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (plan === undefined) throw new Error('no plan');
    visit(plan);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThanOrEqual(2);
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
interface PlanRoot {
  Plan: PlanNode;
}
