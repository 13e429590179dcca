import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/support/cloud-api';
import type { TestDatabase } from '../../test/support/test-databases';
import { recordPlayers } from '../db/household-repository';
import { migrateToLatest } from '../db/migrations';
import { withHouseholdFallback } from './household-tokens';

// The worker's token for a family alarm whose creator has no usable session.

const AT = '2026-06-10T05:00:00.000Z';
const CREATOR = 'creator';
const PARTNER = 'partner';
const OUTSIDER = 'outsider';

describeOnDatabases('household token fallback', (open) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await open();
    await migrateToLatest(database.db);
    await recordPlayers(database.db, CREATOR, ['player-family'], AT);
    await recordPlayers(database.db, PARTNER, ['player-family'], AT);
    await recordPlayers(database.db, OUTSIDER, ['player-outside'], AT);
  });
  afterEach(async () => {
    await database.dispose();
  });

  const sessions = (holders: string[]) => ({
    accessTokenFor: (user: string) => Promise.resolve(holders.includes(user) ? `token-of-${user}` : null),
  });

  it('uses the creator’s own token when there is one', async () => {
    const tokens = withHouseholdFallback(sessions([CREATOR, PARTNER]), database.db);
    expect(await tokens.accessTokenFor(CREATOR, 'player-family')).toBe('token-of-creator');
  });

  it('lends the other parent’s token for the family’s player only', async () => {
    const tokens = withHouseholdFallback(sessions([PARTNER, OUTSIDER]), database.db);
    expect(await tokens.accessTokenFor(CREATOR, 'player-family')).toBe('token-of-partner');
    expect(await tokens.accessTokenFor(CREATOR, 'player-outside')).toBeNull();
    expect(await tokens.accessTokenFor(CREATOR)).toBeNull();
    // An outsider's alarm naming the family's player borrows nothing.
    const noOwnToken = withHouseholdFallback(sessions([PARTNER]), database.db);
    expect(await noOwnToken.accessTokenFor(OUTSIDER, 'player-family')).toBeNull();
  });

  it('gives null when no parent of the player has a usable session', async () => {
    const tokens = withHouseholdFallback(sessions([OUTSIDER]), database.db);
    expect(await tokens.accessTokenFor(CREATOR, 'player-family')).toBeNull();
  });
});
