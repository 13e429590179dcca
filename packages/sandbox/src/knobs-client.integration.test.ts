// The knobs client against a real sandbox: every knob it names reaches its route and comes back
// checked, and a refused call fails with the status and the sandbox's own message.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxKnobError, sandboxKnobs } from './knobs-client';
import type { SandboxKnobs } from './knobs-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
let knobs: SandboxKnobs;
const PLAYER = 'demo-player-1';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0, playerSettings: { rebootDelayMs: 300 } });
  knobs = sandboxKnobs(`${sandbox.url}/`);
});
afterEach(() => knobs.reset());
afterAll(() => sandbox.close());

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('the knob call succeeded');
    },
    (error: unknown) => error,
  );

describe('the sandbox knobs client', () => {
  it('sets and reads faults, behaviour, the client registration and the token lifetime; reset undoes them', async () => {
    expect(await knobs.setFaults({ restDown: true, faultPaths: ['/content/mine'] })).toMatchObject({
      restDown: true,
      faultPaths: ['/content/mine'],
      mqttRefuseLogin: false,
    });
    expect((await knobs.faults()).restDown).toBe(true);
    expect(await knobs.setBehaviour({ unreadableContentStatus: 403 })).toMatchObject({
      unreadableContentStatus: 403,
    });
    expect(await knobs.setClient({ grantedScopes: 'offline_access user:content:view' })).toEqual({
      grantedScopes: 'offline_access user:content:view',
      confidential: false,
    });
    expect(await knobs.setTokenLifetime(60)).toEqual({ seconds: 60 });

    await knobs.reset();
    expect((await knobs.faults()).restDown).toBe(false);
    expect((await knobs.behaviour()).unreadableContentStatus).toBe(404);
    expect((await knobs.client()).grantedScopes).toContain('family:devices:control');
    expect(await knobs.tokenLifetime()).toEqual({ seconds: 3600 });
  });

  it('mints tokens the provider API accepts, and revokes refresh tokens', async () => {
    const tokens = await knobs.tokens('demo');
    const mine = await fetch(`${sandbox.url}/content/mine`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(mine.status).toBe(200);
    expect((await knobs.revokeRefreshTokens()).revoked).toBeGreaterThanOrEqual(1);
    expect((await knobs.tokenStats()).refreshes).toBeGreaterThanOrEqual(0);
  });

  it('mints tokens for the demo family’s second parent: its own subject, the family’s players', async () => {
    const players = async (account: 'demo' | 'demo-2' | 'other') => {
      const { access_token } = await knobs.tokens(account);
      const sub = (
        JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
      ).sub;
      const answer = await fetch(`${sandbox.url}/device-v2/devices/mine`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      const { devices } = (await answer.json()) as { devices: { deviceId: string }[] };
      return { sub, devices: devices.map((device) => device.deviceId).sort() };
    };
    const [first, second, other] = [await players('demo'), await players('demo-2'), await players('other')];
    expect(second.sub).toBe('auth0|demo-second-parent');
    expect(second.sub).not.toBe(first.sub);
    expect(second.devices).toEqual(first.devices);
    expect(first.devices.length).toBeGreaterThan(0);
    expect(other.devices.filter((id) => first.devices.includes(id))).toEqual([]);
  });

  it('steers one player: network, buttons, power, surroundings, timings, and reads its state', async () => {
    const player = knobs.player(PLAYER);
    expect(await player.setOnline(false)).toEqual({ deviceId: PLAYER, online: false });
    expect((await player.state()).online).toBe(false);
    await player.setOnline(true);
    expect((await player.press('pause')).state.deviceId).toBe(PLAYER);
    expect((await player.holdLeft()).changed).toBe(false);
    expect((await player.power({ batteryLevel: 42, charging: false })).battery).toMatchObject({
      level: 42,
      charging: false,
    });
    expect((await player.environment({ wifiStrength: -70, headphones: true })).wifiStrength).toBe(-70);
    expect((await player.bluetooth({ driverFailure: true })).driverFailure).toBe(true);
    expect((await player.settings({ statusIntervalMs: 60_000 })).statusIntervalMs).toBe(60_000);
    expect(await player.rawMessage('data/events', '{"broken"')).toEqual({
      topic: `device/${PLAYER}/data/events`,
      bytes: 9,
    });
    expect((await player.state()).settings.statusIntervalMs).toBe(60_000);
  });

  it('fails with the status and the sandbox message when a knob refuses', async () => {
    const unknown = await failure(knobs.player('no-such-player').state());
    expect(unknown).toBeInstanceOf(SandboxKnobError);
    expect(unknown).toMatchObject({ status: 404, path: '/_sandbox/devices/no-such-player/state' });
    expect((unknown as Error).message).toContain('No such simulated player');

    const bad = await failure(knobs.player(PLAYER).insertCard('not-a-card-of-this-family'));
    expect(bad).toMatchObject({ status: 400 });
    expect((bad as Error).message).toContain("No such card for this player's family");
  });

  it("refuses an answer that is not the route's: cut short, or of another shape", async () => {
    // The real sandbox answers; the fetch in between changes its body on the way back.
    const rewriting =
      (rewrite: (body: string) => string): typeof fetch =>
      async (input, init) => {
        const real = await fetch(input, init);
        return new Response(rewrite(await real.text()), { status: real.status });
      };
    const cut = await failure(
      sandboxKnobs(sandbox.url, { fetch: rewriting((b) => b.slice(0, 20)) }).faults(),
    );
    expect(cut).toBeInstanceOf(SandboxKnobError);
    expect((cut as Error).message).toContain('GET /_sandbox/faults: not JSON');
    const other = await failure(
      sandboxKnobs(sandbox.url, {
        fetch: rewriting((b) => b.replace('"restDown":false', '"restDown":"no"')),
      }).faults(),
    );
    expect((other as Error).message).toContain('unexpected answer');
    expect((other as Error).message).toContain('restDown');
  });

  it('says the knobs may be off when the sandbox has none', async () => {
    const bare = await startSandbox({ port: 0, mqttPort: 0, knobs: false });
    try {
      const error = await failure(sandboxKnobs(bare.url).reset());
      expect(error).toMatchObject({ status: 404 });
      expect((error as Error).message).toContain('are the knobs on?');
    } finally {
      await bare.close();
    }
  });
});
