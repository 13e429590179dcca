import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { MAX_FAVOURITES } from '@playlist-alarms/core/shared/constants';
import { ALICE, BOB, describeOnDatabases, startCloudApi, type CloudApi } from '../../test/support/cloud-api';
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer';

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});

interface Listed {
  favourites: Array<{ cardId: string; title: string; pinnedAt: string }>;
  cap: number;
}
const cards = (body: unknown) => (body as Listed).favourites.map((f) => f.cardId);

describeOnDatabases('favourites API', (open) => {
  let api: CloudApi;
  beforeEach(async () => {
    api = await startCloudApi(issuer, open);
  });
  afterEach(async () => {
    await api.close();
  });

  it('starts empty, pins in order, and a second pin of a card renames it in its place', async () => {
    expect((await api.call('GET', '/api/favourites')).body).toEqual({ favourites: [], cap: MAX_FAVOURITES });
    await api.call('PUT', '/api/favourites/card-b', { body: { title: 'Bedtime' } });
    const pinned = await api.call('PUT', '/api/favourites/card-a', { body: { title: 'Morning' } });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toEqual({
      favourites: [
        { cardId: 'card-b', title: 'Bedtime', pinnedAt: '2026-06-10T06:00:00.000Z' },
        { cardId: 'card-a', title: 'Morning', pinnedAt: '2026-06-10T06:00:00.000Z' },
      ],
      cap: MAX_FAVOURITES,
    });
    const again = await api.call('PUT', '/api/favourites/card-b', { body: { title: 'Bedtime stories' } });
    expect((again.body as Listed).favourites.map((f) => f.title)).toEqual(['Bedtime stories', 'Morning']);
    expect((await api.call('GET', '/api/favourites')).body).toEqual(again.body);
  });

  it('unpins one card; a card not pinned is 404', async () => {
    await api.call('PUT', '/api/favourites/card-a', { body: { title: 'A' } });
    await api.call('PUT', '/api/favourites/card-b', { body: { title: 'B' } });
    const left = await api.call('DELETE', '/api/favourites/card-a');
    expect(left.status).toBe(200);
    expect(cards(left.body)).toEqual(['card-b']);
    expect(await api.call('DELETE', '/api/favourites/card-a')).toEqual({
      status: 404,
      body: { error: 'Favourite not found' },
    });
    // Pinned again, it goes last.
    await api.call('PUT', '/api/favourites/card-a', { body: { title: 'A' } });
    expect(cards((await api.call('GET', '/api/favourites')).body)).toEqual(['card-b', 'card-a']);
  });

  it(`refuses pin ${MAX_FAVOURITES + 1} with 409 and a clear error, but renaming a pinned card still works`, async () => {
    for (let i = 0; i < MAX_FAVOURITES; i += 1)
      expect((await api.call('PUT', `/api/favourites/card-${i}`, { body: { title: `T${i}` } })).status).toBe(
        200,
      );
    expect(await api.call('PUT', '/api/favourites/one-more', { body: { title: 'X' } })).toEqual({
      status: 409,
      body: { error: `Quick Play holds at most ${MAX_FAVOURITES} favourites: unpin one first` },
    });
    expect((await api.call('PUT', '/api/favourites/card-3', { body: { title: 'New' } })).status).toBe(200);
    // Another user's cap is their own.
    expect(
      (await api.call('PUT', '/api/favourites/one-more', { as: BOB, body: { title: 'X' } })).status,
    ).toBe(200);
  });

  it('two pins racing for the last place: one wins, the other is refused, the cap holds', async () => {
    for (let i = 0; i < MAX_FAVOURITES - 1; i += 1)
      await api.call('PUT', `/api/favourites/card-${i}`, { body: { title: `T${i}` } });
    const answers = await Promise.all(
      ['race-a', 'race-b'].map((cardId) =>
        api.call('PUT', `/api/favourites/${cardId}`, { body: { title: cardId } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(cards((await api.call('GET', '/api/favourites')).body)).toHaveLength(MAX_FAVOURITES);
  });

  it("keeps each user's pins to that user: another's are invisible and cannot be removed", async () => {
    await api.call('PUT', '/api/favourites/alice-card', { body: { title: 'Alice' } });
    expect((await api.call('GET', '/api/favourites', { as: BOB })).body).toEqual({
      favourites: [],
      cap: MAX_FAVOURITES,
    });
    expect((await api.call('DELETE', '/api/favourites/alice-card', { as: BOB })).status).toBe(404);
    // Bob pinning the same card makes his own row; Alice's title stays hers.
    await api.call('PUT', '/api/favourites/alice-card', { as: BOB, body: { title: 'Bob' } });
    expect((await api.call('GET', '/api/favourites', { as: ALICE })).body).toMatchObject({
      favourites: [{ cardId: 'alice-card', title: 'Alice' }],
    });
  });

  it('validates: 400 { error } for a bad card id or title, 401 without a credential', async () => {
    const bad = [
      ['/api/favourites/has%20space', { title: 'x' }],
      ['/api/favourites/card-a', { title: '   ' }],
      ['/api/favourites/card-a', { title: 'x'.repeat(201) }],
      ['/api/favourites/card-a', {}],
    ] as const;
    for (const [url, body] of bad) {
      const answer = await api.call('PUT', url, { body });
      expect(answer.status, url).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) as unknown });
    }
    // Past Fastify's path-parameter limit (100 characters): 414, still { error }.
    const long = await api.call('PUT', `/api/favourites/${'a'.repeat(101)}`, { body: { title: 'x' } });
    expect(long).toEqual({ status: 414, body: { error: expect.any(String) as unknown } });
    expect((await api.call('PUT', '/api/favourites/card-a', { raw: '{"title":' })).status).toBe(400);
    expect((await api.call('GET', '/api/favourites', { as: null })).status).toBe(401);
    expect((await api.call('PUT', '/api/favourites/c', { as: null, body: { title: 'x' } })).status).toBe(401);
    expect((await api.call('GET', '/api/favourites')).body).toEqual({ favourites: [], cap: MAX_FAVOURITES });
  });
});
