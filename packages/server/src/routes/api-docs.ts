import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { zodToOpenApi } from '../zod-schemas';

/**
 * The OpenAPI document, generated from the routes' own schemas (so it cannot drift from what
 * they validate), served as JSON at GET /api/docs. Register before any route: the generator
 * collects routes as they are added. Only tagged routes (the cloud API) are listed.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Playlist Alarms cloud API',
        version: '0.1.0',
        description:
          'The app’s own backend: cloud alarms, users and players. Every route needs the provider’s ' +
          'bearer access token; the caller is ' +
          'its subject. A yoto_user_id in a query or body must be the caller’s (else 403); another user’s ' +
          'alarm answers 404. Errors are { "error": "…" }.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    hideUntagged: true,
    transform: zodToOpenApi,
  });
  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());
}
