import webPush from 'web-push';
import type { ParentNotification } from '@playlist-alarms/core/notifications/parent-notification';
import type { VapidKeys } from './push-config';
import { checkPushEndpoint } from './push-endpoints';

// One Web Push message to one browser (RFC 8030, VAPID per RFC 8292, payload per RFC 8291):
// web-push builds the request (the encryption and the signed token), fetch delivers it. Our own
// delivery so a redirect is never followed (it could lead anywhere), the endpoint is checked once
// more right before the call, and a slow push service cannot hold the worker.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent; gone (404/410: the browser dropped it, delete it); refused or failed (kept, logged). */
export type PushResult = { status: 'sent' } | { status: 'gone' } | { status: 'failed'; reason: string };

/** What the service worker receives (packages/web/src/sw/push-notifications.ts parses it). */
export interface PushPayload {
  kind: ParentNotification['kind'];
  title: string;
  body: string;
  url: string;
  tag: string;
}

export const pushPayloadOf = (notification: ParentNotification): PushPayload => ({
  kind: notification.kind,
  title: notification.title,
  body: notification.body,
  url: notification.url,
  tag: notification.dedupKey,
});

const SEND_TIMEOUT_MS = 10_000;
/** Twelve hours: news of a morning that went wrong is still worth it when a phone wakes later. */
const TTL_SECONDS = 12 * 3600;

export interface PushSender {
  send(target: PushTarget, notification: ParentNotification): Promise<PushResult>;
}

export function createPushSender(
  vapid: VapidKeys,
  extraEndpointHosts: readonly string[],
  fetchImpl: typeof fetch = fetch,
): PushSender {
  return {
    async send(target, notification) {
      const check = checkPushEndpoint(target.endpoint, extraEndpointHosts);
      if (!check.ok) return { status: 'failed', reason: check.reason };
      // A key that is no point on the curve fails here: a failed send, never a thrown error.
      let request: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(pushPayloadOf(notification)),
          {
            vapidDetails: vapid,
            TTL: TTL_SECONDS,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        const why = error instanceof Error ? error.message : 'error';
        return { status: 'failed', reason: `the subscription's keys cannot encrypt (${why})` };
      }
      // fetch sets Content-Length from the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await fetchImpl(check.url, {
          method: 'POST',
          headers,
          body: request.body === null ? null : new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return { status: 'gone' };
        if (response.status >= 200 && response.status < 300) return { status: 'sent' };
        return { status: 'failed', reason: `the push service answered ${response.status}` };
      } catch (error) {
        const why = error instanceof Error ? error.name : 'error';
        return { status: 'failed', reason: `the push service could not be reached (${why})` };
      }
    },
  };
}
