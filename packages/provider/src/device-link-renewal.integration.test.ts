import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqttDeviceLink } from './device-link';
import { tokenTimes } from './device-link-token';
import type { LinkStatus } from './device-link-types';

// Contract: the broker ends a session when its token expires (as the real one does); the link
// renews its session before that with a fresh token, and recovers when it could not. Tokens live
// 6 s here, so a renewal comes about every 4.5 s.

const LIFETIME_SECONDS = 6;
const DEVICE = 'demo-player-1';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const links: MqttDeviceLink[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ tokenLifetimeSeconds: LIFETIME_SECONDS });
});
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.dispose()));
});
afterAll(async () => {
  await sandbox?.close();
});

const freshToken = async () => (await sandbox.issueTokens('demo')).access_token;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const commandsHeard = async () => (await sandboxKnobs(sandbox.url).player(DEVICE).state()).commandsHeard;

function newLink(getAccessToken: () => Promise<string | null>) {
  const lines: string[] = [];
  const link = new MqttDeviceLink({
    brokerUrl: sandbox.wsUrl,
    connectTimeoutMs: 3_000,
    getAccessToken,
    log: (level, message) => void lines.push(`${level}: ${message}`),
  });
  links.push(link);
  const statuses: LinkStatus[] = [];
  const reasons: (string | null)[] = [];
  link.onStatus((status) => statuses.push(status));
  link.onCloseReason((reason) => reasons.push(reason));
  return { link, lines, statuses, reasons };
}

describe('MqttDeviceLink and token expiry', () => {
  it('renews before each expiry: stays connected through two, commands keep working, none is sent twice', async () => {
    let issued = 0;
    const { link, statuses, reasons, lines } = newLink(() => {
      issued += 1;
      return freshToken();
    });
    const first = await freshToken();
    const firstExpiry = tokenTimes(first)!.expiresAt;
    const before = await commandsHeard();
    expect(await link.connect(DEVICE, first)).toBe(true);

    // Past two expiries of the tokens in use, a command every 400 ms, each answered.
    let sent = 0;
    while (Date.now() < firstExpiry + LIFETIME_SECONDS * 1000 + 1_500) {
      const volume = (sent % 10) * 10;
      const answer = await link.request('volume/set', { volume });
      expect(answer, `command ${sent}`).toMatchObject({
        key: 'volume',
        ok: true,
        reqBody: `{"volume":${volume}}`,
      });
      sent += 1;
      await sleep(400);
    }

    expect(issued).toBeGreaterThanOrEqual(2);
    expect(statuses, lines.join('\n')).toEqual(['connecting', 'connected']);
    expect(reasons).toEqual([]);
    expect(link.deviceId).toBe(DEVICE);
    // status/request and events/request on connecting, then each command once.
    expect(await commandsHeard()).toBe(before + 2 + sent);
  }, 30_000);

  it('when the session ends at expiry anyway, says why and reconnects with a fresh token', async () => {
    const first = await freshToken();
    const expiry = tokenTimes(first)!.expiresAt;
    // A token source that keeps handing out the first token until it has expired: no renewal can work.
    const { link, statuses, reasons } = newLink(async () => (Date.now() < expiry ? first : freshToken()));
    expect(await link.connect(DEVICE, first)).toBe(true);

    const closed = new Promise<void>((resolve) =>
      link.onCloseReason((reason) => reason !== null && resolve()),
    );
    await closed;
    expect(link.closeReason).toBe('Connection closed: token expired — reconnecting');
    expect(link.status).toBe('connecting');
    const back = new Promise<void>((resolve) =>
      link.onStatus((status) => status === 'connected' && resolve()),
    );
    await back;

    expect(statuses).toEqual(['connecting', 'connected', 'connecting', 'connected']);
    expect(reasons).toEqual([MESSAGES.connectionClosedTokenExpired, null]);
    expect(link.closeReason).toBeNull();
    expect(await link.request('card/stop', null)).toMatchObject({ key: 'card' });
  }, 20_000);
});
