import { z } from 'zod';

// What GET /api/config tells the web app, so that one build serves demo and real modes.
export const runtimeConfigSchema = z.object({
  provider: z.object({
    /** REST API base, e.g. https://api.yotoplay.com */
    apiBase: z.url(),
    /** OAuth / OpenID issuer, e.g. https://login.yotoplay.com */
    authIssuer: z.url(),
    clientId: z.string().min(1),
    /** The OAuth audience (the REST base at the real provider). */
    audience: z.string().min(1),
    scope: z.string().min(1),
    /** MQTT over WebSocket URL of the device broker. */
    brokerUrl: z.string().min(1),
    /** Card link host for card URIs: '{host}/{cardId}'. */
    cardLinkHost: z.url(),
  }),
  /** Base URL of the own backend ('' = same origin). */
  backendBase: z.string(),
  mode: z.enum(['demo', 'real']),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
