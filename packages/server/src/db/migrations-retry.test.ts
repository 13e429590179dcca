import { describe, expect, it } from 'vitest';
import { anotherSchemaVanished } from './migrations';

// The migrator's one retried failure: another schema dropped while Kysely listed every schema's
// tables (seen in CI: two test files on one PostgreSQL, one dropping its throwaway schema; and with
// four test files at once, as 42P01 or 42703 from a parallel worker naming the other schema's
// table or column).

const vanished = (schema: string) =>
  Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

describe('anotherSchemaVanished', () => {
  it('is another schema gone, not ours', () => {
    expect(anotherSchemaVanished(vanished('test_other'), 'test_ours')).toBe(true);
    expect(anotherSchemaVanished(vanished('test_ours'), 'test_ours')).toBe(false);
  });

  it("is another schema's table gone while parallel workers listed it (42P01, qualified by that schema)", () => {
    const tableGone = (name: string) =>
      Object.assign(new Error(`relation "${name}" does not exist`), { code: '42P01' });
    expect(anotherSchemaVanished(tableGone('test_other.sent_notifications'), 'test_ours')).toBe(true);
    expect(anotherSchemaVanished(tableGone('test_ours.sent_notifications'), 'test_ours')).toBe(false);
  });

  it("is a column gone while parallel workers listed another schema's table (42703)", () => {
    const columnGone = Object.assign(new Error('column "minute" of relation "alarms" does not exist'), {
      code: '42703',
    });
    expect(anotherSchemaVanished(columnGone, 'test_ours')).toBe(true);
    const otherUndefinedColumn = Object.assign(new Error('column "minute" does not exist'), {
      code: '42703',
    });
    expect(anotherSchemaVanished(otherUndefinedColumn, 'test_ours')).toBe(false);
  });

  it('is never another error, nor on SQLite (no schema)', () => {
    const otherCode = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    expect(anotherSchemaVanished(otherCode, 'test_ours')).toBe(false);
    expect(anotherSchemaVanished(vanished('test_other'), undefined)).toBe(false);
    expect(anotherSchemaVanished('3F000', 'test_ours')).toBe(false);
  });
});
