import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import type { ParentNotification } from '@playlist-alarms/core/notifications/parent-notification';
import { createPushSender } from './push-sender';

// A subscription whose keys cannot encrypt (a stored row from before the edge checked their size,
// or a point off the curve) is one failed send: it throws nothing, so the other browsers and the
// other parents of the household still hear the news.

const notification: ParentNotification = {
  kind: 'alarm-not-played',
  dedupKey: 'alarm-not-played:a1:2026-11-30T07:00:00.000Z',
  title: 'Alarm did not play: Wake up',
  body: 'The 07:00 alarm did not play: Bedroom Player was off or offline.',
  url: '/?view=alarms',
  deviceId: 'demo-player-1',
  alarmAt: '2026-11-30T07:00:00.000Z',
};

const { publicKey, privateKey } = webPush.generateVAPIDKeys();
const vapid = { publicKey, privateKey, subject: 'mailto:alarms@example.test' };

function recordingFetch(status: number) {
  const calls: string[] = [];
  const fetchImpl = ((url: string | URL) => {
    calls.push(String(url));
    return Promise.resolve(new Response(null, { status }));
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('push sender', () => {
  it.each([
    ['a point off the curve', `B${'A'.repeat(86)}`, 'A'.repeat(22)],
    ['a short key', 'BAAA', 'A'.repeat(22)],
  ])('%s: a failed send, nothing fetched, nothing thrown', async (_case, p256dh, auth) => {
    const { calls, fetchImpl } = recordingFetch(201);
    const sender = createPushSender(vapid, [], fetchImpl);
    const target = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh, auth };
    const result = await sender.send(target, notification);
    expect(result).toMatchObject({ status: 'failed' });
    expect(result.status === 'failed' && result.reason).toMatch(/cannot encrypt/);
    expect(calls).toEqual([]);
  });

  it('a browser key pair as a browser makes it: sent, to the endpoint itself', async () => {
    const { calls, fetchImpl } = recordingFetch(201);
    const sender = createPushSender(vapid, [], fetchImpl);
    const browser = webPush.generateVAPIDKeys(); // a P-256 pair, as the browser's subscription key
    const target = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      p256dh: browser.publicKey,
      auth: 'A'.repeat(22),
    };
    expect(await sender.send(target, notification)).toEqual({ status: 'sent' });
    expect(calls).toEqual(['https://fcm.googleapis.com/fcm/send/x']);
  });
});
