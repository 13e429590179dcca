import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';
import { APP_HOST, APP_ORIGIN } from '../test/support/sign-in';
import { API_BODY_LIMIT } from './zod-schemas';

// Bodies over 64 KiB are refused with 413 on every route, public or protected, before a handler
// reads them; the cloud routes refuse over 16 KiB (cloud-alarms-errors.integration.test.ts).

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

const jsonOfSize = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - 10) });

describe('the body limit', () => {
  it('is 64 KiB', () => {
    expect(API_BODY_LIMIT).toBe(65_536);
    expect(jsonOfSize(1000)).toHaveLength(1000);
  });

  it.each([
    ['POST', '/auth/logout', false],
    ['DELETE', '/api/session', false],
    ['DELETE', '/api/alarms/some-id', true],
    ['DELETE', '/api/alarms/by-type/wakeup', true],
    ['DELETE', '/api/alarms/clear-all', true],
  ] as const)(
    '%s %s: one byte over is 413 with a JSON error; at the limit it is read',
    async (method, url, bearer) => {
      const headers = {
        host: APP_HOST,
        origin: APP_ORIGIN,
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${await issuer.sign()}` } : {}),
      };
      const over = await test.app.inject({ method, url, headers, payload: jsonOfSize(API_BODY_LIMIT + 1) });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ error: expect.stringMatching(/too large/i) as unknown });
      const at = await test.app.inject({ method, url, headers, payload: jsonOfSize(API_BODY_LIMIT) });
      expect(at.statusCode).not.toBe(413);
      expect(at.statusCode).toBeLessThan(500);
    },
  );
});
