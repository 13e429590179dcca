import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, parseEndpointHosts } from './push-endpoints';
import { loadPushConfig } from './push-config';

// The SSRF rule: the server POSTs only to the browsers' push services, over https, unless the
// operator lists a host (docs/decisions/push-notifications.md).

const ok = (endpoint: string, extra: string[] = []) => checkPushEndpoint(endpoint, extra).ok;

describe('checkPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dXNlcg:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGz2Ueh7',
    'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com/fcm/send/abc',
  ])('accepts a browser push service: %s', (endpoint) => {
    expect(ok(endpoint)).toBe(true);
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'must be an https URL'],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', 'not a known browser push service'],
    ['https://evil.example/fcm.googleapis.com', 'not a known browser push service'],
    ['https://fcm.googleapis.com.evil.example/x', 'not a known browser push service'],
    ['https://a.b.notify.windows.com/w/', 'not a known browser push service'],
    ['https://notify.windows.com/w/', 'not a known browser push service'],
    ['https://push.apple.com/x', 'not a known browser push service'],
    ['https://web.push.apple.com.evil.example/x', 'not a known browser push service'],
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc', 'user name or password'],
    ['https://127.0.0.1/push', 'not a known browser push service'],
    ['https://169.254.169.254/latest/meta-data', 'not a known browser push service'],
    ['https://[::1]/push', 'not a known browser push service'],
    ['https://localhost/push', 'not a known browser push service'],
    ['file:///etc/passwd', 'must be an https URL'],
    ['not a url', 'must be a URL'],
  ])('refuses %s', (endpoint, reason) => {
    const check = checkPushEndpoint(endpoint, []);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toContain(reason);
  });

  it('accepts a listed host over http or https, with its port; other ports and hosts stay refused', () => {
    const extra = ['127.0.0.1:9999', 'push.internal'];
    expect(ok('http://127.0.0.1:9999/push/a', extra)).toBe(true);
    expect(ok('https://127.0.0.1:9999/push/a', extra)).toBe(true);
    expect(ok('http://127.0.0.1:9998/push/a', extra)).toBe(false);
    expect(ok('http://127.0.0.1/push/a', extra)).toBe(false);
    expect(ok('https://push.internal/p', extra)).toBe(true);
    expect(ok('http://push.internal/p', extra)).toBe(true);
    expect(ok('http://push.internal:8080/p', extra)).toBe(false);
    expect(ok('ftp://push.internal/p', extra)).toBe(false);
  });

  it('a listed host:443 or host:80 names the scheme’s own port, which the URL leaves out', () => {
    const extra = ['push.example.net:443', 'plain.example.net:80'];
    expect(ok('https://push.example.net/p', extra)).toBe(true);
    expect(ok('https://push.example.net:443/p', extra)).toBe(true);
    expect(ok('http://push.example.net/p', extra)).toBe(false);
    expect(ok('http://plain.example.net/p', extra)).toBe(true);
    expect(ok('https://plain.example.net/p', extra)).toBe(false);
  });
});

describe('PUSH_ENDPOINT_HOSTS and VAPID_*', () => {
  it('parses host[:port] lists, lower case, and refuses anything else', () => {
    expect(parseEndpointHosts(' 127.0.0.1:9999, Push.Internal ,')).toEqual([
      '127.0.0.1:9999',
      'push.internal',
    ]);
    expect(parseEndpointHosts('[::1]:8080')).toEqual(['[::1]:8080']);
    expect(parseEndpointHosts('http://push.internal')).toBeNull();
    expect(parseEndpointHosts('push.internal/path')).toBeNull();
  });

  it('needs all three VAPID variables or none, and never echoes a key', () => {
    const privateKey = 'x'.repeat(43);
    const partial = loadPushConfig({ VAPID_PRIVATE_KEY: privateKey });
    expect(partial.problems).toEqual([
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: set all three, or none',
    ]);
    const bad = loadPushConfig({
      VAPID_PUBLIC_KEY: 'short',
      VAPID_PRIVATE_KEY: `${privateKey}!`,
      VAPID_SUBJECT: 'me',
    });
    expect(bad.problems.map((p) => p.split(':')[0])).toEqual([
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
    ]);
    expect(bad.problems.join('\n')).not.toContain(privateKey);
    expect(bad.problems.join('\n')).not.toContain('short');
    expect(loadPushConfig({}).config).toEqual({ vapid: null, extraEndpointHosts: [] });
    expect(loadPushConfig({ PUSH_ENDPOINT_HOSTS: 'a b' }).problems[0]).toMatch(
      /^PUSH_ENDPOINT_HOSTS: must be/,
    );
  });
});
