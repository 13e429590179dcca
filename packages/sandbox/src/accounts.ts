// The two demo accounts of the brief. A second family exists so tests can prove isolation.

export type AccountKey = 'demo' | 'other';

export interface Account {
  key: AccountKey;
  sub: string;
  name: string;
  email: string;
  familyId: string;
}

export const ACCOUNTS: Record<AccountKey, Account> = {
  demo: {
    key: 'demo',
    sub: 'auth0|demo-parent',
    name: 'Demo Parent',
    email: 'demo@example.com',
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

export const ACCOUNT_KEYS = ['demo', 'other'] as const satisfies readonly AccountKey[];

export function accountBySub(sub: string): Account | undefined {
  return Object.values(ACCOUNTS).find((account) => account.sub === sub);
}

/** The only client id accepted in demo mode. */
export const DEMO_CLIENT_ID = 'playlist-alarms-demo';
