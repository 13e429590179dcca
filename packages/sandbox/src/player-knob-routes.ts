// Test knobs of one simulated player under /_sandbox/devices/{id}/: what a person could do to it
// (network, buttons, a physical card, the dock), its Bluetooth surroundings, and its timings.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from './context';
import { powerKnobSchema } from './player-battery';
import { bluetoothKnobSchema } from './player-bluetooth';
import {
  buttonBody,
  cardBody,
  environmentBody,
  onlineBody,
  rawMessageBody,
  settingsBody,
} from './knob-schemas';
import { sendError } from './rest-guard';
import type { SimulatedPlayer } from './simulated-player';

const deviceParams = z.object({ deviceId: z.string().min(1).max(128) });

export function registerPlayerKnobRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  publishRaw: (topic: string, payload: Buffer) => void,
): void {
  const player = (params: unknown, reply: FastifyReply): SimulatedPlayer | null => {
    const parsed = deviceParams.safeParse(params);
    const found = parsed.success ? ctx.fleet.get(parsed.data.deviceId) : undefined;
    if (!found) sendError(reply, 404, 'not-found', 'No such simulated player');
    return found ?? null;
  };

  /** A POST knob: the player and its parsed body, or an error already sent. */
  const knob = <T>(
    path: string,
    schema: z.ZodType<T>,
    handle: (target: SimulatedPlayer, body: T, reply: FastifyReply) => unknown,
  ) =>
    app.post(`/_sandbox/devices/:deviceId/${path}`, (request, reply) => {
      const target = player(request.params, reply);
      if (!target) return reply;
      const body = schema.safeParse(request.body ?? {});
      if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
      return handle(target, body.data, reply);
    });

  app.get('/_sandbox/devices/:deviceId/state', (request, reply) => {
    const target = player(request.params, reply);
    return target ? target.snapshot() : reply;
  });

  knob('online', onlineBody, (target, body) => {
    target.setOnline(body.online);
    return { deviceId: target.deviceId, online: target.online };
  });

  knob('button', buttonBody, (target, body) => {
    const changed =
      body.action === 'holdLeft' ? target.holdLeftButton(body.seconds) : target.pressButton(body.action);
    return { changed, state: target.snapshot() };
  });

  knob('card', cardBody, (target, body, reply) => {
    const before = target.snapshot();
    if (before.rebooting || before.poweredOff) {
      return sendError(reply, 409, 'bad-request', 'The player is off or rebooting');
    }
    if (!target.insertCard(body.cardId)) {
      const message = body.cardId === null ? 'No card in the slot' : "No such card for this player's family";
      return sendError(reply, 400, 'bad-request', message);
    }
    return target.snapshot();
  });

  knob('bluetooth', bluetoothKnobSchema, (target, body) => {
    target.setBluetooth(body);
    return target.snapshot().bluetooth;
  });

  knob('power', powerKnobSchema, (target, body) => {
    target.setPower(body);
    return target.snapshot();
  });

  knob('environment', environmentBody, (target, body) => {
    target.setEnvironment(body);
    return target.snapshot();
  });

  knob('settings', settingsBody, (target, body) => target.updateSettings(body));

  knob('raw-message', rawMessageBody, (target, body) => {
    const topic = `device/${target.deviceId}/${body.topic}`;
    publishRaw(topic, Buffer.from(body.payload, 'utf8'));
    return { topic, bytes: Buffer.byteLength(body.payload) };
  });
}
