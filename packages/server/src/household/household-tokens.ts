import type { Kysely } from 'kysely';
import type { AccessTokenSource } from '../alarm-worker/access-token-source';
import { listersOfPlayer, wasListed } from '../db/household-repository';
import type { Database } from '../db/schema';

// The alarm worker fires a cloud alarm with its creator's token. When the creator has no usable
// session (signed out everywhere, refresh refused), another parent the provider listed the same
// player for lends theirs, so the family's alarm still rings (docs/decisions/shared-household.md).
// Only when the provider listed the player for the creator too: an outsider's alarm naming a
// family's player never borrows a family token. The provider still checks the token on the player.

export function withHouseholdFallback(tokens: AccessTokenSource, db: Kysely<Database>): AccessTokenSource {
  return {
    async accessTokenFor(userId, deviceId) {
      const own = await tokens.accessTokenFor(userId, deviceId);
      if (own !== null || deviceId === undefined) return own;
      if (!(await wasListed(db, userId, deviceId))) return null;
      for (const other of await listersOfPlayer(db, deviceId)) {
        if (other === userId) continue;
        const token = await tokens.accessTokenFor(other, deviceId);
        if (token !== null) return token;
      }
      return null;
    },
  };
}
