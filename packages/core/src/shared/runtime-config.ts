// zod/mini: the web app checks this in the browser, and the tree-shakable build keeps its download small.
import * as z from 'zod/mini';

const nonEmpty = () => z.string().check(z.minLength(1));

// What GET /api/config tells the web app, so that one build serves demo and real modes.
export const runtimeConfigSchema = z.object({
  provider: z.object({
    /** REST API base, e.g. https://api.yotoplay.com */
    apiBase: z.url(),
    /** OAuth / OpenID issuer, e.g. https://login.yotoplay.com */
    authIssuer: z.url(),
    clientId: nonEmpty(),
    /** The OAuth audience (the REST base at the real provider). */
    audience: nonEmpty(),
    scope: nonEmpty(),
    /** MQTT over WebSocket URL of the device broker. */
    brokerUrl: nonEmpty(),
    /** Card link host for card URIs: '{host}/{cardId}'. */
    cardLinkHost: z.url(),
  }),
  /** Base URL of the own backend ('' = same origin). */
  backendBase: z.string(),
  mode: z.enum(['demo', 'real']),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
