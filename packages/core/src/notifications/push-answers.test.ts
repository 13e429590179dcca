import { describe, expect, it } from 'vitest';
import { pushPayload, pushSubscriptionAnswer } from './push-answers';
import { pushSubscriptionSchema } from './push-subscription-schemas';

describe('push answers', () => {
  it('accept what the server’s schema serializes, and refuse an unknown kind', () => {
    const answer = pushSubscriptionSchema.parse({
      endpoint: 'https://fcm.googleapis.com/fcm/send/a',
      kinds: ['alarm-not-played'],
      createdAt: '2026-06-10T06:00:00.000Z',
    });
    expect(pushSubscriptionAnswer.parse(answer)).toEqual(answer);
    expect(pushSubscriptionAnswer.safeParse({ ...answer, kinds: ['everything'] }).success).toBe(false);
  });

  it('read a push payload and refuse one without a title', () => {
    const payload = { kind: 'alarm-not-played', title: 'T', body: 'B', url: '/?view=alarms', tag: 'k' };
    expect(pushPayload.parse(payload)).toEqual(payload);
    expect(pushPayload.safeParse({ ...payload, title: undefined }).success).toBe(false);
  });
});
