// The demo accounts: two parents of the demo family (one family's players, cards and alarms, seen
// by both), and a second family so tests can prove isolation. Load tests add households
// (household-accounts.ts): `household-1` … `household-n`, one parent each.

export type DemoAccountKey = 'demo' | 'demo-2' | 'other';
export type HouseholdAccountKey = `household-${number}`;
export type AccountKey = DemoAccountKey | HouseholdAccountKey;

export interface Account {
  key: AccountKey;
  sub: string;
  name: string;
  email: string;
  familyId: string;
}

export const ACCOUNTS: Record<DemoAccountKey, Account> = {
  demo: {
    key: 'demo',
    sub: 'auth0|demo-parent',
    name: 'Demo Parent',
    email: 'demo@example.com',
    familyId: 'fam-demo-household',
  },
  'demo-2': {
    key: 'demo-2',
    sub: 'auth0|demo-second-parent',
    name: 'Second Demo Parent',
    email: 'demo-2@example.com',
    familyId: 'fam-demo-household',
  },
  other: {
    key: 'other',
    sub: 'auth0|other-family',
    name: 'Other Parent',
    email: 'other@example.com',
    familyId: 'fam-other-household',
  },
};

export const ACCOUNT_KEYS = ['demo', 'demo-2', 'other'] as const satisfies readonly DemoAccountKey[];

/** The parents of a demo family, in ACCOUNT_KEYS order. */
export const familyMembers = (familyId: string): Account[] =>
  ACCOUNT_KEYS.map((key) => ACCOUNTS[key]).filter((account) => account.familyId === familyId);

export function accountBySub(sub: string): Account | undefined {
  return Object.values(ACCOUNTS).find((account) => account.sub === sub);
}

/** The only client id accepted in demo mode. */
export const DEMO_CLIENT_ID = 'playlist-alarms-demo';
