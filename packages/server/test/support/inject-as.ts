import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request to `app` as the holder of `accessToken` (a bearer), with a JSON body when given. */
export function injectAs(
  app: FastifyInstance,
  accessToken: string,
  method: InjectMethod,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
