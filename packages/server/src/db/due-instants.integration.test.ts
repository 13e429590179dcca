import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeOnDatabases, describeOnPostgres } from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { dueInstantsQuery, findDueInstants } from './firings-repository';
import { migrateToLatest } from './migrations';
import type { AlarmsTable } from './schema';

// The instants a replica watches the others' claims at: each once, in order, within (after, until],
// enabled alarms only. A whole minute on one instant must cost a few index probes, not a walk of
// every alarm due then (docs/scale.md, "The look per share").

const AFTER = new Date('2026-06-10T06:59:30.000Z');
const UNTIL = new Date('2026-06-10T07:00:30.000Z');
const SEVEN = '2026-06-10T07:00:00.000Z';

function alarmRow(id: string, nextFireAt: string | null, enabled = true): AlarmsTable {
  const at = '2026-06-09T12:00:00.000Z';
  return {
    id,
    yoto_user_id: `user-${id}`,
    share: 0,
    yoto_device_id: `player-${id}`,
    device_name: 'Bedroom',
    alarm_name: 'Wake up',
    alarm_type: 'wakeup',
    playlist_id: 'card-1',
    playlist_name: 'Morning',
    hour: 7,
    minute: 0,
    days: '1111111',
    volume: 7,
    is_enabled: enabled ? 1 : 0,
    mqtt_config: null,
    next_fire_at: nextFireAt,
    last_fired_at: null,
    last_outcome: null,
    last_outcome_at: null,
    claimed_by: null,
    claimed_until: null,
    skip_until: null,
    paused_through: null,
    fade_in_minutes: null,
    sleep_timer_minutes: null,
    night_light: null,
    created_at: at,
    updated_at: at,
  };
}

describeOnDatabases('the instants due within the minute', (open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('lists each instant once, earliest first, after `after` and up to `until`, of enabled alarms only', async () => {
    await test.db
      .insertInto('alarms')
      .values([
        alarmRow('at-after', AFTER.toISOString()),
        alarmRow('seven-a', SEVEN),
        alarmRow('seven-b', SEVEN),
        alarmRow('seven-c', SEVEN),
        alarmRow('half-past-a', '2026-06-10T06:59:45.000Z'),
        alarmRow('half-past-b', '2026-06-10T06:59:45.000Z'),
        alarmRow('at-until', UNTIL.toISOString()),
        alarmRow('switched-off', '2026-06-10T07:00:10.000Z', false),
        alarmRow('later', '2026-06-10T07:00:30.001Z'),
        alarmRow('earlier', '2026-06-10T06:59:29.999Z'),
        alarmRow('never', null),
      ])
      .execute();

    expect(await findDueInstants(test.db, AFTER, UNTIL)).toEqual([
      '2026-06-10T06:59:45.000Z',
      SEVEN,
      UNTIL.toISOString(),
    ]);
  });

  it('finds none when nothing enabled is due within the minute', async () => {
    await test.db
      .insertInto('alarms')
      .values([alarmRow('off', SEVEN, false), alarmRow('tomorrow', '2026-06-11T07:00:00.000Z')])
      .execute();

    expect(await findDueInstants(test.db, AFTER, UNTIL)).toEqual([]);
  });
});

describeOnPostgres('the instants due within a busy minute', (open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
    await migrateToLatest(test.db);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('reads a few index entries for 2,000 alarms on two instants, not every one of them', async () => {
    const rows = Array.from({ length: 2_000 }, (_, index) =>
      alarmRow(`alarm-${index}`, index % 2 === 0 ? SEVEN : '2026-06-10T07:00:15.000Z'),
    );
    for (let start = 0; start < rows.length; start += 500) {
      await test.db
        .insertInto('alarms')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    await test.db.executeQuery(CompiledQuery.raw('analyze alarms'));
    expect(await findDueInstants(test.db, AFTER, UNTIL)).toEqual([SEVEN, '2026-06-10T07:00:15.000Z']);

    // The rows each node of the plan read from alarms, over all its loops: a walk of the minute reads
    // 2,000 at its index scan; the probes read one per instant found, and none at the last.
    const compiled = dueInstantsQuery(test.db, AFTER, UNTIL).compile();
    const explained = await test.db.executeQuery<{ 'QUERY PLAN': PlanRoot[] }>(
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
