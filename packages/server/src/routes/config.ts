import type { FastifyPluginCallback } from 'fastify';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';

/** GET /api/config: the web app's runtime configuration (public values only). */
export const configRoutes: FastifyPluginCallback<{ runtimeConfig: RuntimeConfig }> = (app, options, done) => {
  app.get('/api/config', async (_request, reply) =>
    // Revalidated on every load: a deploy that changes the provider URLs must reach open tabs quickly.
    reply.header('cache-control', 'no-cache').send(options.runtimeConfig),
  );
  done();
};
