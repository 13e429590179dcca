import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PROXIED_PATH_NAMES,
  PROXIED_PATHS,
  PROXY_PREFIX,
  proxyRequestPath,
  upstreamRequestPath,
  type ProxiedPathName,
} from '@playlist-alarms/provider/proxied-paths';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';

// One table, both sides: the browser's REST client calls the server's proxy, the server forwards
// to the real sandbox. Every entry of provider's proxied-paths table must be a server route, be
// requested by the client, and reach the provider at the entry's upstream path.

let sandbox: RunningSandbox;
let app: FastifyInstance;
let appUrl: string;
let dataDir: string;
const clientUrls: string[] = [];
const upstreamUrls: string[] = [];

const urlOf = (input: string | URL | Request): URL => new URL(input instanceof Request ? input.url : input);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-proxy-table-'));
  const config = loadConfig({
    APP_MODE: 'demo',
    PROVIDER_API_BASE: sandbox.url,
    PROVIDER_AUTH_ISSUER: sandbox.url,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    LOG_LEVEL: 'silent',
  });
  // Node's own fetch, recording what the server asks the provider for.
  const recordingFetch: typeof fetch = (input, init) => {
    const url = urlOf(input);
    if (!url.pathname.startsWith('/.well-known/')) upstreamUrls.push(`${url.pathname}${url.search}`);
    return fetch(input, init);
  };
  app = await buildApp(config, { fetch: recordingFetch });
  appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the proxied-paths table', () => {
  it('is routed by the server and requested by the client, entry by entry', async () => {
    const { access_token } = await sandbox.issueTokens('demo');
    const client = new ProviderClient({
      // Nothing listens here: a call that bypassed the proxy would fail.
      apiBase: 'http://127.0.0.1:9',
      libraryBase: `${appUrl}${PROXY_PREFIX}`,
      getAccessToken: () => Promise.resolve(access_token),
      fetch: (input, init) => {
        clientUrls.push(urlOf(input).href);
        return fetch(input, init);
      },
    });

    const groups = await client.getFamilyLibraryGroups();
    const favourites = groups.find((group) => group.name === 'Family Favourites');
    expect(favourites?.items.length).toBeGreaterThan(0);
    const group = await client.getFamilyLibraryGroup(favourites!.id);
    const cardId = group.items[0]!.contentId;
    const card = await client.getContent(cardId);
    expect(card.playlist.cardId).toBe(cardId);

    // A Record over every entry: a new table entry fails the type check until it is covered here.
    const paramsUsed: { [N in ProxiedPathName]: Parameters<typeof proxyRequestPath<N>>[1] } = {
      familyLibraryGroups: {},
      familyLibraryGroup: { id: favourites!.id },
      content: { cardId },
    };
    for (const name of PROXIED_PATH_NAMES) {
      const route = `${PROXY_PREFIX}${PROXIED_PATHS[name].proxyPath}`;
      expect(app.hasRoute({ method: 'GET', url: route }), route).toBe(true);
      expect(clientUrls).toContain(`${appUrl}${PROXY_PREFIX}${proxyRequestPath(name, paramsUsed[name])}`);
      expect(upstreamUrls).toContain(upstreamRequestPath(name, paramsUsed[name]));
    }
    expect(clientUrls).toHaveLength(PROXIED_PATH_NAMES.length);
    expect(upstreamUrls).toHaveLength(PROXIED_PATH_NAMES.length);
  });
});
