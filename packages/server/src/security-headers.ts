import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ProviderConfig } from './config';

// Security headers on every answer (the web app, the API, errors, 404s). The Content-Security-
// Policy allows no inline script: the page may run only this origin's scripts and talk only to
// this origin, the provider's API, its OAuth issuer (token exchange from the browser) and its MQTT
// broker — the same URLs the server hands the web app in /api/config.

export const HSTS = 'max-age=31536000; includeSubDomains';

function origin(url: string): string {
  return new URL(url).origin;
}

/** The CSP directives for this configuration (exported for tests and the README's table). */
function contentSecurityPolicy(provider: ProviderConfig): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI's emotion injects <style> elements at run time; there is no nonce plumbing for them.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Card covers come from the provider's CDNs, which no public source lists: any https
    // host (images cannot run code), plus the API's own origin (the sandbox serves covers over http).
    'img-src': ["'self'", 'data:', 'blob:', origin(provider.apiBase), 'https:'],
    'font-src': ["'self'", 'data:'],
    // The provider's login host is absent: sign-in is a navigation the server starts, and who is
    // signed in comes from the server's session, so the page never calls it (no /userinfo).
    'connect-src': ["'self'", origin(provider.apiBase), origin(provider.brokerUrl)],
    // mqtt.js keeps its keep-alive timers in a worker built from a blob: URL (worker-timers), so
    // they still fire in a background tab; the blob holds mqtt.js's own code, loaded from 'self'.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, provider: ProviderConfig): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(provider) },
    // The login page is the issuer's own; nothing of ours is framed, so say so to old browsers too.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent per request below: only an answer that reached the browser over HTTPS may pin HTTPS.
    strictTransportSecurity: false,
    // Cover images are cross-origin <img> loads without CORS; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY trusts the sender.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
