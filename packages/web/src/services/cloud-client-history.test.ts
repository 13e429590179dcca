import { describe, expect, it } from 'vitest';
import { CloudClient, CloudRequestError, cookieAuthorizer } from './cloud-client';

// The alarm history call of the cloud client against a fetch stand-in: the path and query, the
// checked answer, and a refusal in the server's words.

const page = {
  entries: [
    {
      id: 'c:a@2026-08-03T06:00:00.000Z',
      source: 'cloud',
      alarm_name: 'School days',
      alarm_type: 'wakeup',
      due_at: '2026-08-03T06:00:00.000Z',
      outcome: 'played',
      played_at: '2026-08-03T06:00:01.000Z',
      faded: false,
      alarm_deleted: false,
    },
  ],
  next_before: 'next-page',
};

function client(status: number, body: unknown) {
  const urls: string[] = [];
  const fetcher: typeof fetch = (input) => {
    urls.push(input instanceof Request ? input.url : input.toString());
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return {
    urls,
    cloud: new CloudClient({ baseUrl: 'http://app', authorize: cookieAuthorizer, fetch: fetcher }),
  };
}

describe("the cloud client's alarm history", () => {
  it('reads a page, the first without a cursor and the next after one', async () => {
    const { urls, cloud } = client(200, page);
    expect(await cloud.alarmHistory('player 1', { before: null, limit: 20 })).toEqual(page);
    await cloud.alarmHistory('player 1', { before: 'abc_-', limit: 5 });
    expect(urls).toEqual([
      'http://app/api/devices/player%201/history?limit=20',
      'http://app/api/devices/player%201/history?limit=5&before=abc_-',
    ]);
  });

  it('refuses an answer it does not know, and says the server’s refusal', async () => {
    const odd = { ...page, entries: [{ ...page.entries[0], outcome: 'exploded' }] };
    await expect(client(200, odd).cloud.alarmHistory('p1', { before: null, limit: 20 })).rejects.toThrow(
      'unexpected answer from GET /api/devices/p1/history?limit=20',
    );
    const refused = client(403, { error: 'The provider refused access to this player' });
    const error: unknown = await refused.cloud
      .alarmHistory('p1', { before: null, limit: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudRequestError);
    expect(error).toMatchObject({ status: 403, message: 'The provider refused access to this player' });
  });
});

describe("the cloud client's observed play", () => {
  it('posts what the page saw and reads { recorded }; a refusal keeps the server’s words', async () => {
    const seen = {
      alarm: '1111100,0700,card-1,,,6,1',
      due_at: '2026-08-04T06:00:00.000Z',
      started_at: '2026-08-04T06:00:04.000Z',
    };
    const { urls, cloud } = client(200, { recorded: true });
    expect(await cloud.recordObservedPlay('player 1', seen)).toEqual({ recorded: true });
    expect(urls).toEqual(['http://app/api/devices/player%201/history/observed']);
    const refused = client(400, { error: 'due_at must be within the last hour' });
    await expect(refused.cloud.recordObservedPlay('p1', seen)).rejects.toMatchObject({
      status: 400,
      message: 'due_at must be within the last hour',
    });
  });
});
