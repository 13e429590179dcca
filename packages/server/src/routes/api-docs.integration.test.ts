import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

let issuer: TestIssuer;
let test: TestApp;
beforeAll(async () => {
  issuer = await startTestIssuer();
  test = await buildTestApp({ issuerUrl: issuer.url });
});
afterAll(async () => {
  await test.close();
  await issuer.close();
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[]; responses: object }>>;
}

it('serves the OpenAPI document, generated from the route schemas, at /api/docs without a token', async () => {
  const response = await test.app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  const doc = response.json<OpenApiDocument>();
  expect(doc.openapi).toBe('3.1.0');
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(routes.sort()).toEqual(
    [
      'POST /api/users',
      'GET /api/devices',
      'POST /api/devices',
      'GET /api/alarms',
      'POST /api/alarms',
      'PUT /api/alarms/{id}',
      'DELETE /api/alarms/{id}',
      'POST /api/alarms/by-type',
      'GET /api/alarms/by-type/{type}',
      'DELETE /api/alarms/by-type/{type}',
      'POST /api/alarms/delete-by-type',
      'POST /api/alarms/delete-all',
      'DELETE /api/alarms/clear-all',
      'POST /api/alarms/{id}/trigger',
      'POST /api/alarms/{id}/skip',
      'POST /api/alarms/{id}/pause',
      'POST /api/alarms/{id}/resume',
      'GET /api/cron/check',
      'GET /api/cron/status',
      'GET /api/favourites',
      'PUT /api/favourites/{cardId}',
      'DELETE /api/favourites/{cardId}',
      'GET /api/devices/{deviceId}/alarm-holds',
      'POST /api/devices/{deviceId}/alarm-holds',
      'GET /api/devices/{deviceId}/history',
      'POST /api/devices/{deviceId}/history/observed',
      'GET /api/push/key',
      'GET /api/push/subscriptions',
      'POST /api/push/subscriptions',
      'DELETE /api/push/subscriptions',
      'GET /api/push/settings',
      'PUT /api/push/settings',
    ].sort(),
  );
  // The request schema is core's: the day mask pattern and the hour bounds show in the document.
  const create = JSON.stringify(doc.paths['/api/alarms']?.post?.requestBody);
  expect(create).toContain('"pattern":"^[01]{7}$"');
  expect(create).toContain('"maximum":23');
  const answer = JSON.stringify(doc.paths['/api/alarms']?.post?.responses);
  const history = JSON.stringify(doc.paths['/api/devices/{deviceId}/history']?.get);
  expect(history).toContain('next_before');
  expect(history).toContain('"maximum":100');
  expect(JSON.stringify(doc.paths['/api/devices/{deviceId}/history/observed']?.post)).toContain('started_at');
  expect(answer).toContain('next_fire_at');
  // No answer of the API documents a token.
  expect(
    JSON.stringify(Object.values(doc.paths).map((m) => Object.values(m).map((op) => op.responses))),
  ).not.toMatch(/access_token|refresh_token|mqtt_config/);
});
