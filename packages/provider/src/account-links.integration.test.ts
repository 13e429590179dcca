import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountLinks, accountOf } from './account-links';
import type { PlayerLink, DeviceMessage } from './device-link-types';

// Contract: the alarm worker's player links, one MQTT session per account, against the sandbox's
// real broker and simulated players. The demo account has demo-player-1 and -2 (and Grandma's
// Player, off); the load-test account household-1 has two more.

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
const made: PlayerLink[] = [];
const knobs = () => sandboxKnobs(sandbox.url);

function accountLinks() {
  const lines: string[] = [];
  const accounts = new AccountLinks({
    brokerUrl: sandbox.wsUrl,
    connectTimeoutMs: 5_000,
    log: (level, message) => void lines.push(`${level}: ${message}`),
  });
  const link = () => {
    const created = accounts.link();
    made.push(created);
    return created;
  };
  return { accounts, link, lines };
}

/** Every message the link hands on, as it comes. */
function heard(link: PlayerLink): DeviceMessage[] {
  const messages: DeviceMessage[] = [];
  link.onMessage((message) => void messages.push(message));
  return messages;
}

/** How long a poll waits for the broker and the players (expect.poll's own default is 1 s). */
const WAIT = { timeout: 5_000 };

/** Until the link has handed on an events message of its player. */
const expectEventsIn = (messages: DeviceMessage[]) =>
  expect.poll(() => messages.some((m) => m.kind === 'events'), WAIT).toBe(true);

const token = async (account: 'demo' | 'household-1' = 'demo') =>
  (await knobs().tokens(account)).access_token;

/** A demo token that expires `seconds` after it is issued (the sandbox's lifetime is set back after). */
async function shortLivedToken(seconds: number): Promise<string> {
  await knobs().setTokenLifetime(seconds);
  try {
    return await token();
  } finally {
    await knobs().setTokenLifetime(null);
  }
}

/** The link still commands and hears its player: an events/request is answered. */
async function expectAnswered(link: PlayerLink): Promise<void> {
  const messages = heard(link);
  expect(link.send('events/request', null)).toBe(true);
  await expectEventsIn(messages);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0, households: 1 });
});
afterEach(async () => {
  await Promise.all(made.splice(0).map((link) => link.dispose()));
  await knobs().reset();
});
afterAll(async () => {
  await sandbox?.close();
});

describe('AccountLinks: one MQTT session per account', () => {
  it('two players of one account: one login; each link hears and commands its own player only', async () => {
    const { accounts, link } = accountLinks();
    const before = await knobs().brokerStats();
    const access = await token();
    const [first, second] = [link(), link()];
    const [firstHeard, secondHeard] = [heard(first), heard(second)];
    expect(
      await Promise.all([first.connect('demo-player-1', access), second.connect('demo-player-2', access)]),
    ).toEqual([true, true]);
    expect(accounts.size).toBe(1);
    expect((await knobs().brokerStats()).connectionsOpened - before.connectionsOpened).toBe(1);

    // Each asked for its player's state on connecting (as the device link does): each heard its own.
    await expectEventsIn(firstHeard);
    await expectEventsIn(secondHeard);
    expect(new Set(firstHeard.map((m) => m.deviceId))).toEqual(new Set(['demo-player-1']));
    expect(new Set(secondHeard.map((m) => m.deviceId))).toEqual(new Set(['demo-player-2']));

    const since = Date.now();
    expect(second.send('card/pause', null)).toBe(true);
    await expect
      .poll(async () => (await knobs().commands(since)).commands.map((c) => [c.deviceId, c.topic]), WAIT)
      .toEqual([['demo-player-2', 'device/demo-player-2/command/card/pause']]);
  });

  it("two players saying the same thing at once are both heard (a twin is one player's message twice)", async () => {
    const { link } = accountLinks();
    const access = await token();
    const [first, second] = [link(), link()];
    await first.connect('demo-player-1', access);
    await second.connect('demo-player-2', access);
    const [firstHeard, secondHeard] = [heard(first), heard(second)];
    const same = JSON.stringify({ volume: 7, playbackStatus: 'paused' });
    await knobs().player('demo-player-1').rawMessage('events', same);
    await knobs().player('demo-player-2').rawMessage('events', same);
    const said = (messages: DeviceMessage[]) =>
      messages.some((m) => m.kind === 'events' && JSON.stringify(m.payload) === same);
    await expect.poll(() => said(firstHeard), WAIT).toBe(true);
    await expect.poll(() => said(secondHeard), WAIT).toBe(true);
  });

  it("a player that leaves can no longer be commanded, the others go on, and the last one's leaving ends the login", async () => {
    const { accounts, link } = accountLinks();
    const access = await token();
    const [first, second] = [link(), link()];
    await first.connect('demo-player-1', access);
    await second.connect('demo-player-2', access);
    const connected = (await knobs().brokerStats()).connected;

    await first.dispose();
    expect(first.status).toBe('disconnected');
    await expectAnswered(second);
    expect(first.send('events/request', null)).toBe(false);
    expect((await knobs().brokerStats()).connected).toBe(connected);

    await second.dispose();
    expect(accounts.size).toBe(0);
    await expect.poll(async () => (await knobs().brokerStats()).connected, WAIT).toBe(connected - 1);
  });

  it('each account has its own login: a household and the demo family are two sessions', async () => {
    const { accounts, link } = accountLinks();
    const before = await knobs().brokerStats();
    expect(await link().connect('demo-player-1', await token())).toBe(true);
    expect(await link().connect('household-1-player-1', await token('household-1'))).toBe(true);
    expect(await link().connect('household-1-player-2', await token('household-1'))).toBe(true);
    expect(accounts.size).toBe(2);
    expect((await knobs().brokerStats()).connectionsOpened - before.connectionsOpened).toBe(2);
  });

  it("a player the token's account may not use is refused, and the account's other players go on", async () => {
    const { link, lines } = accountLinks();
    const access = await token('household-1');
    const own = link();
    expect(await own.connect('household-1-player-1', access)).toBe(true);
    const foreign = link();
    expect(await foreign.connect('demo-player-1', access)).toBe(false);
    expect(foreign.status).toBe('disconnected');
    expect(lines.filter((line) => line.startsWith('error: MQTT subscribe failed'))).toHaveLength(1);
    await expectAnswered(own);
  });

  it("a refused player named by the login does not take the account's other players down with it", async () => {
    const { accounts, link } = accountLinks();
    const access = await token('household-1');
    const [foreign, own] = [link(), link()];
    // Both at once, the foreign player first: the account's login names it, and is refused.
    const connected = await Promise.all([
      foreign.connect('demo-player-1', access),
      own.connect('household-1-player-1', access),
    ]);
    expect(connected).toEqual([false, true]);
    expect(accounts.size).toBe(1);
    await expectAnswered(own);
  });

  it('a player does not join a session whose token is about to expire: it gets a session of its own', async () => {
    const { accounts, link } = accountLinks();
    const shortLived = await shortLivedToken(12);
    const early = link();
    expect(await early.connect('demo-player-1', shortLived)).toBe(true);
    // In the last quarter of its twelve seconds (renewalMarginMs: 3 s), with 1.5 to 2.5 s left
    // (`exp` is in whole seconds): stale for a new player, not yet ended.
    await new Promise((resolve) => setTimeout(resolve, 9_500));
    expect(early.status).toBe('connected');
    const before = await knobs().brokerStats();
    const late = link();
    expect(await late.connect('demo-player-2', await token())).toBe(true);
    expect((await knobs().brokerStats()).connectionsOpened - before.connectionsOpened).toBe(1);
    // The broker ends the early session at its token's expiry; the late player is not on it.
    await expect.poll(() => early.status, WAIT).toBe('disconnected');
    expect(late.status).toBe('connected');
    expect(accounts.size).toBe(1);
    await expectAnswered(late);
  });

  it('the broker ends the session at its token’s expiry: every link is disconnected, and connects again with a fresh token', async () => {
    const { accounts, link } = accountLinks();
    const shortLived = await shortLivedToken(5);
    const [first, second] = [link(), link()];
    await first.connect('demo-player-1', shortLived);
    await second.connect('demo-player-2', shortLived);
    await expect
      .poll(() => [first.status, second.status], { timeout: 8_000 })
      .toEqual(['disconnected', 'disconnected']);
    expect(accounts.size).toBe(0);
    expect(second.send('events/request', null)).toBe(false);

    const fresh = await token();
    expect(await first.connect('demo-player-1', fresh)).toBe(true);
    expect(await second.connect('demo-player-2', fresh)).toBe(true);
    expect(accounts.size).toBe(1);
  });
});

describe('accountOf', () => {
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  it("names a JWT's subject; another token of the same subject shares it; anything else stands for itself", () => {
    expect(accountOf(jwt({ sub: 'auth0|a', exp: 1 }))).toBe(accountOf(jwt({ sub: 'auth0|a', exp: 2 })));
    expect(accountOf(jwt({ sub: 'auth0|a' }))).not.toBe(accountOf(jwt({ sub: 'auth0|b' })));
    expect(accountOf('opaque')).toBe('token:opaque');
  });
});
