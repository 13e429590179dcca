import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './sandbox';

// The test knobs mint tokens without a sign-in and steer every player: a sandbox started without
// them (the runnable one and the demo, unless SANDBOX_KNOBS=1) has none, and still works.

const started: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
});

describe('sandbox test knobs', () => {
  it('are absent when switched off: tokens, faults, players and reset answer 404', async () => {
    const sandbox = await startSandbox({ port: 0, mqttPort: 0, knobs: false });
    started.push(sandbox);
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}/_sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('tokens', { account: 'demo' })).status).toBe(404);
    expect((await post('faults', { restDown: true })).status).toBe(404);
    expect((await post('devices/demo-player-1/online', { online: false })).status).toBe(404);
    expect((await post('reset', {})).status).toBe(404);
    expect((await fetch(`${sandbox.url}/_sandbox/token-stats`)).status).toBe(404);
    // The provider's own surface is there: its keys and its sign-in.
    expect((await fetch(`${sandbox.url}/.well-known/jwks.json`)).status).toBe(200);
  });

  it('are there for tests that ask for them (the default of the in-process sandbox)', async () => {
    const sandbox = await startSandbox({ port: 0, mqttPort: 0 });
    started.push(sandbox);
    const response = await fetch(`${sandbox.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo' }),
    });
    expect(response.status).toBe(200);
  });
});
