import { decodeJwt } from 'jose';
import { sendJson, startHttpServer, type TestHttpServer } from '../support/http-server';

// The provider behind the same-origin proxy, holding one user's cards and library group. It
// answers by the bearer token's subject (the real provider checks the token; here the app has
// verified it already): the owner gets the object, anyone else 403. So a proxied request can only
// reach another user's card if the server forwarded some credential other than the caller's own.
// The owner's player belongs to the owner's family: GET /device-v2/devices/mine lists it for the
// owner and the family's other parent, and nothing for anyone else.

/** The owner's player: its config is read and written with the owner's token only. */
export const OWNER_PLAYER = 'player-a';
export const OWNER_PLAYER_ALARMS = ['1111111,0700,card-a1,,,6,1', '0000011,0830,card-a2,,,5,1'];

export interface FakeProvider extends TestHttpServer {
  /** The owner's player's config block as stored now (JSON). */
  playerConfig(): string;
  /** The owner's card ids (GET /content/{cardId}). */
  cards: readonly string[];
  /** The owner's library group ids (GET /card/family/library/groups/{id}). */
  groups: readonly string[];
}

function subjectOf(authorization: string | undefined): string | null {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (token === undefined) return null;
  try {
    return decodeJwt(token).sub ?? null;
  } catch {
    return null;
  }
}

export async function startFakeProvider(owner: string, partner: string): Promise<FakeProvider> {
  const family = new Set([owner, partner]);
  const cards = ['card-a1', 'card-a2'];
  const groups = ['group-a1'];
  const owned = new Set([
    ...cards.map((id) => `/content/${id}`),
    ...groups.map((id) => `/card/family/library/groups/${id}`),
  ]);
  let block: Record<string, unknown> = { alarms: OWNER_PLAYER_ALARMS };
  const configPath = `/device-v2/${OWNER_PLAYER}/config`;
  const config = () => ({
    device: { deviceId: OWNER_PLAYER, online: true, geoTimezone: 'Europe/London', config: block },
  });
  const server = await startHttpServer((request, response) => {
    const sub = subjectOf(request.headers.authorization);
    const path = new URL(request.url ?? '/', 'http://provider.test').pathname;
    if (sub === null) sendJson(response, 401, { error: 'Unauthorized' });
    else if (path === '/device-v2/devices/mine') {
      const players = family.has(sub) ? [{ deviceId: OWNER_PLAYER, name: 'Alice’s room', online: true }] : [];
      sendJson(response, 200, { devices: players });
    } else if (path === configPath && !family.has(sub)) sendJson(response, 403, { error: 'Forbidden' });
    else if (path === configPath && request.method === 'PUT') {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        block = (JSON.parse(text) as { config: Record<string, unknown> }).config;
        sendJson(response, 200, {});
      });
    } else if (path === configPath) sendJson(response, 200, config());
    else if (path === '/card/family/library/groups') {
      sendJson(response, 200, sub === owner ? groups.map((id) => ({ id, name: 'Owner’s group' })) : []);
    } else if (!owned.has(path)) sendJson(response, 404, { error: 'Not found' });
    else if (sub !== owner) sendJson(response, 403, { error: 'Forbidden' });
    else sendJson(response, 200, { id: path, owner });
  });
  return { ...server, cards, groups, playerConfig: () => JSON.stringify(block) };
}
