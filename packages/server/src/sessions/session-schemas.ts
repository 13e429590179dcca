import { z } from 'zod';

/** GET /api/session: who is signed in, and a short-lived access token for MQTT and provider REST. */
export const sessionAnswerSchema = z.object({
  user: z.object({
    /** The provider's user id (the token's `sub`). */
    id: z.string().min(1),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** null while `retrying`. */
  accessToken: z.string().min(1).nullable(),
  /** ISO-8601 UTC: ask again before then. null while `retrying`. */
  expiresAt: z.iso.datetime().nullable(),
  /**
   * Set while the access token has expired and the provider's token endpoint keeps failing (down,
   * busy, slow): the session and its tokens stay, and the server tries again from `retryAt`. The
   * page says `message` and asks again then. Only the provider refusing the grant ends a session.
   */
  retrying: z.object({ message: z.string().min(1), retryAt: z.iso.datetime() }).nullable(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
