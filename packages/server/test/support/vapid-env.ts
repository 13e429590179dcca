import webPush from 'web-push';

// A fresh VAPID key pair as the environment gives it (VAPID_*), and PUSH_ENDPOINT_HOSTS naming a
// local push service: what a test server needs to send Web Push to test/support/local-push-service.ts.

export function vapidEnv(pushHost?: string): Record<string, string> {
  const keys = webPush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:alarms@example.test',
    ...(pushHost === undefined ? {} : { PUSH_ENDPOINT_HOSTS: pushHost }),
  };
}
