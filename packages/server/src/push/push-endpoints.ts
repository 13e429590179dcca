// A push endpoint is an address this server will POST to, chosen by a browser (or by anyone with
// a session): a server-side request forgery risk. Only the browsers' push services are accepted,
// over https; PUSH_ENDPOINT_HOSTS adds hosts the operator trusts (docs/decisions/push-notifications.md).

/** The push services of the browsers that support Web Push, by exact host. */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
];
/**
 * Services that answer on several hosts, one label under these: Windows Push Notification Services
 * (Edge on Windows: `wns2-….notify.windows.com`) and Apple's (Safari: `web.push.apple.com`).
 */
const KNOWN_SUFFIXES: readonly string[] = ['.notify.windows.com', '.push.apple.com'];
const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'https:': '443', 'http:': '80' };
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** `host[:port]` as PUSH_ENDPOINT_HOSTS lists it, lower case; a missing port means the scheme's. */
export function parseEndpointHosts(list: string): string[] | null {
  const hosts = list
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const valid = hosts.every((host) => /^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
  return valid ? hosts : null;
}

function isKnownHost(hostname: string): boolean {
  if (KNOWN_PUSH_HOSTS.includes(hostname)) return true;
  // One label only: `a.b.notify.windows.com` could be a name someone else controls.
  return KNOWN_SUFFIXES.some(
    (suffix) => hostname.endsWith(suffix) && DNS_LABEL.test(hostname.slice(0, -suffix.length)),
  );
}

/**
 * Whether the server may send to `endpoint`: https to a known push service on the default port,
 * or http(s) to a host (with its port, when it names one) listed in `extraHosts`.
 */
export function checkPushEndpoint(endpoint: string, extraHosts: readonly string[]): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'endpoint must be a URL' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'endpoint must not carry a user name or password' };
  }
  // The URL drops the scheme's own port (`https://h:443/` is `https://h/`): `h:443` still names it.
  const port = url.port !== '' ? url.port : (DEFAULT_PORTS[url.protocol] ?? '');
  const listed =
    extraHosts.includes(`${url.hostname}:${port}`) || (url.port === '' && extraHosts.includes(url.hostname));
  if (listed && (url.protocol === 'https:' || url.protocol === 'http:')) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, reason: 'endpoint must be an https URL' };
  if (url.port === '' && isKnownHost(url.hostname)) return { ok: true, url };
  return { ok: false, reason: 'endpoint is not a known browser push service' };
}
