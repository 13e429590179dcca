// Test knobs under /_sandbox/: over HTTP, so an e2e test in another process can steer the
// sandbox (players online/offline, button presses, faults, reset, tokens without the sign-in page,
// the lifetime of the tokens it issues).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from './context';
import { clientRegistrationKnobSchema } from './client-registration';
import type { ClientRegistration } from './client-registration';
import { cloudBehaviourSchema } from './cloud-behaviour';
import { faultsSchema } from './faults';
import { commandsQuery, tokenLifetimeBody, tokensBody } from './knob-schemas';
import { registerPlayerKnobRoutes } from './player-knob-routes';
import { sendError } from './rest-guard';

interface KnobActions {
  reset(): void;
  /** The client registration the sandbox started with (what a reset and a null restore). */
  startRegistration(): ClientRegistration;
  /** After the faults change: e.g. drop MQTT clients so a refused login is seen at once. */
  faultsChanged(): void;
  /** Publishes bytes on a topic as they are (a player's malformed message). */
  publishRaw(topic: string, payload: Buffer): void;
  /** The broker's counters. */
  brokerStats(): { connectionsOpened: number; connected: number };
}

export function registerKnobRoutes(app: FastifyInstance, ctx: SandboxContext, actions: KnobActions): void {
  registerPlayerKnobRoutes(app, ctx, (topic, payload) => actions.publishRaw(topic, payload));

  app.get('/_sandbox/faults', () => ({ ...ctx.faults }));

  app.post('/_sandbox/faults', (request, reply) => {
    const body = faultsSchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    for (const [name, value] of Object.entries(body.data)) {
      if (value !== undefined) Object.assign(ctx.faults, { [name]: value });
    }
    actions.faultsChanged();
    return { ...ctx.faults };
  });

  app.get('/_sandbox/behaviour', () => ({ ...ctx.behaviour }));

  app.post('/_sandbox/behaviour', (request, reply) => {
    const body = cloudBehaviourSchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    for (const [name, value] of Object.entries(body.data)) {
      if (value !== undefined) Object.assign(ctx.behaviour, { [name]: value });
    }
    return { ...ctx.behaviour };
  });

  // The secret is never echoed, even here: whether there is one is what a test needs.
  const registration = () => ({
    grantedScopes: ctx.registration.grantedScopes.join(' '),
    confidential: ctx.registration.clientSecret !== null,
  });

  app.get('/_sandbox/client', registration);

  /** The demo client's registration at the dashboard: granted scopes, and a secret (confidential). */
  app.post('/_sandbox/client', (request, reply) => {
    const body = clientRegistrationKnobSchema.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    const start = actions.startRegistration();
    const { grantedScopes, clientSecret } = body.data;
    if (grantedScopes !== undefined) ctx.registration.grantedScopes = grantedScopes ?? start.grantedScopes;
    if (clientSecret !== undefined) ctx.registration.clientSecret = clientSecret ?? start.clientSecret;
    return registration();
  });

  app.post('/_sandbox/reset', () => {
    actions.reset();
    return { status: 'ok' };
  });

  app.get('/_sandbox/token-lifetime', () => ({ seconds: ctx.tokens.lifetime }));

  app.post('/_sandbox/token-lifetime', (request, reply) => {
    const body = tokenLifetimeBody.safeParse(request.body);
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    return { seconds: ctx.tokens.setLifetime(body.data.seconds) };
  });

  /** What the players received since `since` (epoch ms; all that is kept without it). */
  app.get('/_sandbox/commands', (request, reply) => {
    const query = commandsQuery.safeParse(request.query);
    if (!query.success) return sendError(reply, 400, 'bad-request', z.prettifyError(query.error));
    const log = ctx.fleet.commands;
    return { commands: log.since(query.data.since), capacity: log.capacity, overwritten: log.overwritten };
  });

  /** MQTT logins the broker accepted since start (a reset keeps the count), and those connected now. */
  app.get('/_sandbox/broker-stats', () => actions.brokerStats());

  /** Counters of the token endpoint since the sandbox started (a reset keeps them). */
  app.get('/_sandbox/token-stats', () => ({ refreshes: ctx.tokens.refreshCount }));

  /** Refresh tokens issued so far stop working: the next refresh is invalid_grant. */
  app.post('/_sandbox/tokens/revoke', () => ({ revoked: ctx.tokens.revokeRefreshTokens() }));

  app.post('/_sandbox/tokens', async (request, reply) => {
    const body = tokensBody.safeParse(request.body);
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    if (!ctx.accounts.byKey(body.data.account)) {
      const count = ctx.accounts.households;
      return sendError(
        reply,
        404,
        'not-found',
        `No account ${body.data.account}: this sandbox has ${count} households`,
      );
    }
    const { access_token, refresh_token, expires_in } = await ctx.tokens.issueFor(
      body.data.account,
      ctx.registration,
      ctx.behaviour,
    );
    return { access_token, refresh_token, expires_in };
  });
}
