import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runtimeConfigSchema } from '@playlist-alarms/core/shared/runtime-config';
import { HttpError, registerErrorHandler } from './errors';

const app = Fastify();
beforeAll(async () => {
  registerErrorHandler(app);
  app.get('/zod', () => z.object({ id: z.string().min(3) }).parse({ id: 'x' }));
  app.get('/mini', () => runtimeConfigSchema.parse({ provider: {}, backendBase: '', mode: 'x' }));
  app.get('/http', () => {
    throw new HttpError(403, 'Not yours');
  });
  app.get('/bug', () => {
    throw new Error('secret detail');
  });
  app.post('/echo', (request) => ({ got: request.body }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('the error handler', () => {
  it('answers a zod failure with 400 and a readable message', async () => {
    const response = await app.inject({ method: 'GET', url: '/zod' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^Invalid request: id: /);
  });

  it('answers a failure of a zod/mini schema from core the same way', async () => {
    const response = await app.inject({ method: 'GET', url: '/mini' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(
      /^Invalid request: provider\.apiBase: .*; mode: /,
    );
  });

  it('keeps the status and message of an HttpError', async () => {
    const response = await app.inject({ method: 'GET', url: '/http' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Not yours' });
  });

  it('hides the details of an unexpected error behind a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
  });

  it('answers malformed bodies with a 4xx, never a 500', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toHaveProperty('error');
    const badType = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(badType.statusCode).toBe(415);
    expect(badType.json()).toHaveProperty('error');
  });
});
