/**
 * Where the alarm worker gets a user's provider access token at firing time. The session store
 * implements it (`accessTokenFor` refreshes under the user's lock when needed); null means the
 * user has no usable session, and the firing's receipt says it failed.
 */
export interface AccessTokenSource {
  /**
   * deviceId names the player the token is for, when there is one: a household-aware source
   * (src/household/household-tokens.ts) may then answer with another parent's token for it.
   */
  accessTokenFor(yotoUserId: string, deviceId?: string): Promise<string | null>;
}
