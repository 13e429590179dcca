/**
 * Where the alarm worker gets a user's provider access token at firing time. The session store
 * implements it (`accessTokenFor` refreshes under the user's lock when needed); null means the
 * user has no usable session, and the firing's receipt says it failed.
 */
export interface AccessTokenSource {
  accessTokenFor(yotoUserId: string): Promise<string | null>;
}
