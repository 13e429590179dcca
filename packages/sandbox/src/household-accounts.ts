// The accounts a sandbox knows: the demo ones (accounts.ts) and, for load tests, `household-1` …
// `household-n` (SANDBOX_HOUSEHOLDS), each the one parent of its own family. Household accounts are
// derived from their number rather than stored, so 1,000 of them cost nothing until used.
import { z } from 'zod';
import { ACCOUNTS, ACCOUNT_KEYS, accountBySub, familyMembers } from './accounts';
import type { Account, AccountKey, HouseholdAccountKey } from './accounts';

/** Enough for the 1,000-player bench twice over, small enough to start in a second or two. */
export const MAX_HOUSEHOLDS = 1_000;

const HOUSEHOLD_KEY = /^household-([1-9][0-9]{0,5})$/;
const HOUSEHOLD_SUB = /^auth0\|household-([1-9][0-9]{0,5})$/;
const HOUSEHOLD_FAMILY = /^fam-household-([1-9][0-9]{0,5})$/;

/** SANDBOX_HOUSEHOLDS and startSandbox({ households }): a whole number from 0 to MAX_HOUSEHOLDS. */
export const householdCountSchema = z.coerce
  .number({ error: 'must be a whole number of households' })
  .int('must be a whole number of households')
  .min(0, 'must be 0 or more')
  .max(MAX_HOUSEHOLDS, `must be at most ${MAX_HOUSEHOLDS} (two players each)`);

/** `household-12`, as a type guard (any number: whether it exists depends on the sandbox). */
export const householdKeySchema = z.custom<HouseholdAccountKey>(
  (value) => typeof value === 'string' && HOUSEHOLD_KEY.test(value),
  'must be demo, demo-2, other or household-<n>',
);

export const householdAccountKey = (n: number): HouseholdAccountKey => `household-${n}`;
export const householdFamilyId = (n: number): string => `fam-household-${n}`;

export function householdAccount(n: number): Account {
  return {
    key: householdAccountKey(n),
    sub: `auth0|household-${n}`,
    name: `Household ${n} Parent`,
    email: `household-${n}@example.com`,
    familyId: householdFamilyId(n),
  };
}

const numberOf = (pattern: RegExp, text: string): number | null => {
  const match = pattern.exec(text);
  return match?.[1] === undefined ? null : Number(match[1]);
};

/** Who may sign in and whose tokens verify, for one sandbox. */
export interface AccountDirectory {
  readonly households: number;
  byKey(key: AccountKey): Account | undefined;
  bySub(sub: string): Account | undefined;
  /** The parents of a family: one for a household, the demo family's two. */
  members(familyId: string): Account[];
}

export function accountDirectory(households: number): AccountDirectory {
  const count = householdCountSchema.parse(households);
  const existing = (n: number | null): Account | undefined =>
    n !== null && n <= count ? householdAccount(n) : undefined;
  return {
    households: count,
    byKey: (key) =>
      (ACCOUNT_KEYS as readonly string[]).includes(key)
        ? Object.values(ACCOUNTS).find((account) => account.key === key)
        : existing(numberOf(HOUSEHOLD_KEY, key)),
    bySub: (sub) => accountBySub(sub) ?? existing(numberOf(HOUSEHOLD_SUB, sub)),
    members: (familyId) => {
      const household = existing(numberOf(HOUSEHOLD_FAMILY, familyId));
      return household ? [household] : familyMembers(familyId);
    },
  };
}
