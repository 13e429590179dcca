// Test knobs under /_sandbox/: over HTTP, so an e2e test in another process can steer the
// sandbox (players online/offline, button presses, faults, reset, tokens without the sign-in page).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ACCOUNT_KEYS } from './accounts';
import type { SandboxContext } from './context';
import { faultsSchema } from './faults';
import { sendError } from './rest-guard';
import type { SimulatedPlayer } from './simulated-player';

const deviceParams = z.object({ deviceId: z.string().min(1).max(128) });
const onlineBody = z.object({ online: z.boolean() }).strict();
const buttonBody = z.object({ action: z.enum(['pause', 'resume', 'stop']) }).strict();
const tokensBody = z.object({ account: z.enum(ACCOUNT_KEYS) }).strict();

export interface KnobActions {
  reset(): void;
  /** After the faults change: e.g. drop MQTT clients so a refused login is seen at once. */
  faultsChanged(): void;
}

export function registerKnobRoutes(app: FastifyInstance, ctx: SandboxContext, actions: KnobActions): void {
  const player = (params: unknown, reply: FastifyReply): SimulatedPlayer | null => {
    const parsed = deviceParams.safeParse(params);
    const found = parsed.success ? ctx.fleet.get(parsed.data.deviceId) : undefined;
    if (!found) sendError(reply, 404, 'not-found', 'No such simulated player');
    return found ?? null;
  };

  app.post('/_sandbox/devices/:deviceId/online', (request, reply) => {
    const target = player(request.params, reply);
    if (!target) return reply;
    const body = onlineBody.safeParse(request.body);
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    target.setOnline(body.data.online);
    return { deviceId: target.deviceId, online: target.online };
  });

  app.get('/_sandbox/devices/:deviceId/state', (request, reply) => {
    const target = player(request.params, reply);
    return target ? target.snapshot() : reply;
  });

  app.post('/_sandbox/devices/:deviceId/button', (request, reply) => {
    const target = player(request.params, reply);
    if (!target) return reply;
    const body = buttonBody.safeParse(request.body);
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    const changed = target.pressButton(body.data.action);
    return { changed, state: target.snapshot() };
  });

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

  app.post('/_sandbox/reset', () => {
    actions.reset();
    return { status: 'ok' };
  });

  app.post('/_sandbox/tokens', async (request, reply) => {
    const body = tokensBody.safeParse(request.body);
    if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
    const { access_token, refresh_token, expires_in } = await ctx.tokens.issueFor(body.data.account);
    return { access_token, refresh_token, expires_in };
  });
}
