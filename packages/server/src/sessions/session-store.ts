import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AuthError, refreshTokenGrant } from '@playlist-alarms/provider/auth-token-grant';
import type { TokenSet } from '@playlist-alarms/provider/auth-types';
import { isPostgres } from '../db/connect';
import type { Database, UsersTable } from '../db/schema';
import { createRefreshBackoff, type RefreshBackoff } from './refresh-backoff';
import type { TokenCipher } from './token-cipher';

// Server-held sessions and the user's token pair (docs/decisions/server-held-sessions.md).
// A session row holds only the hash of its random id; the tokens sit encrypted on the users row,
// shared by every session of that user and by the alarm worker. A refresh runs inside a
// transaction holding the user's row lock, so a rotating, single-use refresh token is spent once
// however many tabs, replicas and workers ask at the same moment: the others wait for the lock,
// see that the pair changed, and use the new one.

const SESSION_ID_BYTES = 32;
export const SESSION_LIFETIME_MS = 30 * 24 * 3600_000;
/** Refresh this long before expiry, so a token handed out does not die in flight. */
const DEFAULT_REFRESH_MARGIN_MS = 60_000;

interface SessionStoreOptions {
  db: Kysely<Database>;
  cipher: TokenCipher;
  provider: { authIssuer: string; clientId: string; clientSecret: string | null };
  fetch: typeof fetch;
  now: () => Date;
  refreshMarginMs?: number;
  /** A token request not answered by then counts as unreachable (default: the grant's 15 s). */
  timeoutMs?: number;
  /** When to try a failed refresh again (default: doubling from 1 s to 60 s, after any Retry-After). */
  backoff?: RefreshBackoff;
  /** Told about each failed refresh (its code, never a token), for the log. */
  onRefreshFailure?: (failure: { userId: string; code: string; retryAt: Date }) => void;
}

export interface AccessToken {
  accessToken: string;
  expiresAt: Date;
}

/**
 * The access token has expired and the provider could not renew it (down, busy, slow, or an
 * unusable answer): the session and its tokens stay, and a refresh is tried again from `retryAt`.
 */
export class TokenRefreshUnavailableError extends Error {
  override readonly name = 'TokenRefreshUnavailableError';
  constructor(
    message: string,
    readonly retryAt: Date,
  ) {
    super(message);
  }
}

export interface NewSession {
  sub: string;
  name: string | null;
  email: string | null;
  tokens: TokenSet;
}

export interface SessionStore {
  /** Stores the user's tokens and opens a session; returns the raw id for the cookie (never stored). */
  startSession(session: NewSession): Promise<string>;
  /** The user of a live session, or null (unknown, ended or past its lifetime). */
  findSession(rawId: string): Promise<{ userId: string } | null>;
  endSession(rawId: string): Promise<void>;
  /**
   * The user's access token, refreshed under the row lock when within the margin of expiry.
   * null when there is none (signed out), when the provider refused the grant (invalid_grant), or
   * when it expired with no refresh token (no offline_access): each ends every session of the user.
   * While refreshes fail otherwise, a token not yet expired is still handed out; an expired one
   * rejects with TokenRefreshUnavailableError (the session stays, to be renewed later).
   */
  currentAccessToken(userId: string): Promise<AccessToken | null>;
  /** The alarm worker's entry: a fresh access token for the user, or null. */
  accessTokenFor(yotoUserId: string): Promise<string | null>;
  profile(userId: string): Promise<{ name: string | null; email: string | null } | null>;
}

type TokenRow = Pick<UsersTable, 'access_token_enc' | 'refresh_token_enc' | 'token_expires_at'>;
type Db = Kysely<Database> | Transaction<Database>;

const hashSessionId = (rawId: string): string => crypto.createHash('sha256').update(rawId).digest('hex');

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { db, cipher, now } = options;
  const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const onPostgres = isPostgres(db);

  const readTokens = (q: Db, userId: string) =>
    q
      .selectFrom('users')
      .select(['access_token_enc', 'refresh_token_enc', 'token_expires_at'])
      .where('yoto_user_id', '=', userId)
      .executeTakeFirst();

  /** Takes the user's row lock for the rest of the transaction, then reads the pair. */
  async function lockTokens(trx: Transaction<Database>, userId: string): Promise<TokenRow | undefined> {
    if (onPostgres) return readLocked(trx, userId); // SELECT … FOR UPDATE
    // SQLite has one writer: a write takes the database's write lock until commit.
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('yoto_user_id', '=', userId)
      .execute();
    return readTokens(trx, userId);
  }
  const readLocked = (trx: Transaction<Database>, userId: string) =>
    trx
      .selectFrom('users')
      .select(['access_token_enc', 'refresh_token_enc', 'token_expires_at'])
      .where('yoto_user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();

  const decode = (row: TokenRow | undefined): AccessToken | null => {
    if (row?.access_token_enc == null || row.token_expires_at === null) return null;
    const accessToken = cipher.decrypt(row.access_token_enc, 'token');
    return accessToken === null ? null : { accessToken, expiresAt: new Date(row.token_expires_at) };
  };
  const isFresh = (row: TokenRow) =>
    row.token_expires_at !== null && Date.parse(row.token_expires_at) - now().getTime() > margin;
  const isExpired = (row: TokenRow) =>
    row.token_expires_at === null || Date.parse(row.token_expires_at) <= now().getTime();
  const backoff = options.backoff ?? createRefreshBackoff();

  /** While refreshes fail: the token while it lasts, then "retrying" until `retryAt`. */
  const untilRetry = (row: TokenRow, retryAt: number, code: string): AccessToken | null => {
    if (!isExpired(row)) return decode(row);
    throw new TokenRefreshUnavailableError(`Token refresh failed (${code})`, new Date(retryAt));
  };

  const encryptedPair = (tokens: TokenSet) => ({
    access_token_enc: cipher.encrypt(tokens.accessToken, 'token'),
    refresh_token_enc: tokens.refreshToken === null ? null : cipher.encrypt(tokens.refreshToken, 'token'),
    token_expires_at: new Date(tokens.expiresAt).toISOString(),
  });

  /** A refused refresh: the provider ended the grant, so every session of the user ends too. */
  async function endUser(trx: Db, userId: string): Promise<void> {
    await trx.deleteFrom('sessions').where('yoto_user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({ access_token_enc: null, refresh_token_enc: null, token_expires_at: null })
      .where('yoto_user_id', '=', userId)
      .execute();
  }

  async function refreshLocked(userId: string, seen: TokenRow): Promise<AccessToken | null> {
    return db.transaction().execute(async (trx) => {
      const row = await lockTokens(trx, userId);
      if (row === undefined) return null;
      if (row.refresh_token_enc === null) {
        // No offline_access, so no refresh token: the session ends cleanly when the token does.
        if (!isExpired(row)) return decode(row);
        await endUser(trx, userId);
        return null;
      }
      // Someone refreshed while this caller waited for the lock: theirs is the newest pair.
      if (row.refresh_token_enc !== seen.refresh_token_enc || isFresh(row)) return decode(row);
      const refreshToken = cipher.decrypt(row.refresh_token_enc, 'token');
      if (refreshToken === null) {
        await endUser(trx, userId); // written under a key this server no longer has
        return null;
      }
      let tokens: TokenSet;
      try {
        tokens = await refreshTokenGrant({
          endpoints: options.provider,
          refreshToken,
          fetch: options.fetch,
          now: () => now().getTime(),
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        });
      } catch (error) {
        // Only the provider ending the grant ends the session; anything else is tried again later.
        if (error instanceof AuthError && error.code === 'invalid-grant') {
          backoff.succeeded(userId);
          await endUser(trx, userId);
          return null;
        }
        // The grant's messages carry no token; keep its code for the log.
        const code = error instanceof AuthError ? error.code : 'unknown';
        const retryAfter = error instanceof AuthError ? error.retryAfterMs : null;
        const retryAt = backoff.failed(userId, now().getTime(), retryAfter);
        options.onRefreshFailure?.({ userId, code, retryAt: new Date(retryAt) });
        return untilRetry(row, retryAt, code);
      }
      backoff.succeeded(userId);
      await trx
        .updateTable('users')
        .set({ ...encryptedPair(tokens), updated_at: now().toISOString() })
        .where('yoto_user_id', '=', userId)
        .execute();
      return { accessToken: tokens.accessToken, expiresAt: new Date(tokens.expiresAt) };
    });
  }

  const store: SessionStore = {
    async startSession({ sub, name, email, tokens }) {
      const rawId = crypto.randomBytes(SESSION_ID_BYTES).toString('base64url');
      const at = now();
      await db.transaction().execute(async (trx) => {
        const pair = encryptedPair(tokens);
        await trx
          .insertInto('users')
          .values({
            yoto_user_id: sub,
            email,
            name,
            timezone: null,
            ...pair,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          })
          .onConflict((oc) =>
            oc.column('yoto_user_id').doUpdateSet((eb) => ({
              ...pair,
              // The id token's name and email win when it carries them; else keep what is known.
              email: email ?? eb.ref('users.email'),
              name: name ?? eb.ref('users.name'),
              updated_at: at.toISOString(),
            })),
          )
          .execute();
        await trx
          .insertInto('sessions')
          .values({
            id_hash: hashSessionId(rawId),
            yoto_user_id: sub,
            created_at: at.toISOString(),
            expires_at: new Date(at.getTime() + SESSION_LIFETIME_MS).toISOString(),
          })
          .execute();
      });
      return rawId;
    },

    async findSession(rawId) {
      const row = await db
        .selectFrom('sessions')
        .select('yoto_user_id')
        .where('id_hash', '=', hashSessionId(rawId))
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
      return row === undefined ? null : { userId: row.yoto_user_id };
    },

    async endSession(rawId) {
      await db.deleteFrom('sessions').where('id_hash', '=', hashSessionId(rawId)).execute();
    },

    async currentAccessToken(userId) {
      const row = await readTokens(db, userId);
      if (row === undefined) return null;
      if (isFresh(row)) return decode(row);
      // A recent failure: wait out the backoff rather than ask the provider on every call.
      const retryAt = backoff.nextAttemptAt(userId);
      if (retryAt !== null && retryAt > now().getTime() && row.refresh_token_enc !== null) {
        return untilRetry(row, retryAt, 'backing-off');
      }
      return refreshLocked(userId, row);
    },

    async accessTokenFor(yotoUserId) {
      return (await store.currentAccessToken(yotoUserId))?.accessToken ?? null;
    },

    async profile(userId) {
      const row = await db
        .selectFrom('users')
        .select(['name', 'email'])
        .where('yoto_user_id', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },
  };
  return store;
}
