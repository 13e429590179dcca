import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@playlist-alarms/core/shared/runtime-config';
import { toRuntimeConfig } from '../config';
import { buildTestApp, type TestApp } from '../../test/support/test-app';

let test: TestApp;
beforeAll(async () => {
  // The issuer is never contacted by this route.
  test = await buildTestApp({ issuerUrl: 'http://127.0.0.1:9', apiBase: 'https://api.example.com' });
});
afterAll(async () => {
  await test.close();
});

describe('GET /api/config', () => {
  it('answers the runtime configuration without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = runtimeConfigSchema.parse(response.json());
    expect(body).toEqual(toRuntimeConfig(test.config));
    expect(body.provider).toMatchObject({ apiBase: 'https://api.example.com', clientId: 'test-client' });
    expect(body.mode).toBe('real');
  });
});
