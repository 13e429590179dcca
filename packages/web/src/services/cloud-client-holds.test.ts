import { describe, expect, it } from 'vitest';
import { SKIPPED_HOLD } from '@playlist-alarms/core/test/fixtures/alarm-holds';
import { ALARM_GONE } from '@playlist-alarms/core/alarms/alarm-list-edit';
import { CloudClient, CloudRequestError, cookieAuthorizer } from './cloud-client';

// The alarm-holds calls of the cloud client against a fetch stand-in: the path, the body, the
// checked answer, and a refusal in the server's words.

const hold = SKIPPED_HOLD;

function client(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetcher: typeof fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return {
    calls,
    cloud: new CloudClient({ baseUrl: 'http://app', authorize: cookieAuthorizer, fetch: fetcher }),
  };
}

describe("the cloud client's alarm holds", () => {
  it("reads a player's holds", async () => {
    const { calls, cloud } = client(200, { holds: [hold] });
    expect(await cloud.listAlarmHolds('player 1')).toEqual([hold]);
    expect(calls[0]?.url).toBe('http://app/api/devices/player%201/alarm-holds');
    expect(calls[0]?.init?.method).toBe('GET');
  });

  it('posts a change as the contract names it and returns the holds and alarms', async () => {
    const answer = { holds: [hold], alarms: [hold.alarm] };
    const { calls, cloud } = client(200, answer);
    const request = { alarm: '1111111,0700,card-1,,,6,1', index: 0, change: { action: 'skip' as const } };
    expect(await cloud.changeAlarmHold('p1', request)).toEqual(answer);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual(request);
  });

  it("throws the server's error text, and refuses an answer of the wrong shape", async () => {
    const refused = client(409, { error: ALARM_GONE }).cloud;
    const request = { alarm: hold.alarm, index: 0, change: { action: 'resume' as const } };
    await expect(refused.changeAlarmHold('p1', request)).rejects.toEqual(
      new CloudRequestError(409, ALARM_GONE),
    );
    await expect(
      client(200, { holds: [{ ...hold, state: 'later' }] }).cloud.listAlarmHolds('p1'),
    ).rejects.toThrow('unexpected answer from GET /api/devices/p1/alarm-holds');
  });
});
