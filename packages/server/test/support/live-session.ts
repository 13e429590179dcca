import { z } from 'zod';
import { sessionAnswerSchema } from '../../src/sessions/session-schemas';

/** A GET /api/session answer with a token to use (not `retrying`): what tests that go on to use it expect. */
export const liveSessionSchema = sessionAnswerSchema.extend({
  accessToken: z.string().min(1),
  expiresAt: z.iso.datetime(),
  retrying: z.null(),
});
