import { z } from 'zod';

/** GET /api/session: who is signed in, and a short-lived access token for MQTT and provider REST. */
export const sessionAnswerSchema = z.object({
  user: z.object({
    /** The provider's user id (the token's `sub`). */
    id: z.string().min(1),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  accessToken: z.string().min(1),
  /** ISO-8601 UTC: ask again before then. */
  expiresAt: z.iso.datetime(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
