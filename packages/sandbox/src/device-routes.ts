// The provider's player REST paths: list, status, and the whole-block config (docs/provider-contract.md,
// REST).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Account } from './accounts';
import type { SandboxContext } from './context';
import { configUpdateSchema, replaceConfig } from './device-config';
import { DEVICE_TYPE_OF } from './household';
import type { SeedDevice } from './household';
import { sendError, withUser } from './rest-guard';

const deviceParams = z.object({ deviceId: z.string().min(1).max(128) });

export function registerDeviceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  /** The caller's own device, or an error already sent (404 unknown, 403 another family's). */
  const ownDevice = (params: unknown, reply: FastifyReply, account: Account): SeedDevice | null => {
    const parsed = deviceParams.safeParse(params);
    const device = parsed.success ? ctx.household.devices.get(parsed.data.deviceId) : undefined;
    if (!device) {
      sendError(reply, 404, 'not-found', 'Device not found');
      return null;
    }
    if (device.familyId !== account.familyId) {
      sendError(reply, 403, 'forbidden', 'This device belongs to another family');
      return null;
    }
    return device;
  };
  const isOnline = (device: SeedDevice) => ctx.fleet.get(device.deviceId)?.online ?? false;

  app.get(
    '/device-v2/devices/mine',
    withUser(ctx, (_request, _reply, account) => ({
      devices: [...ctx.household.devices.values()]
        .filter((device) => device.familyId === account.familyId)
        .map((device) => ({
          deviceId: device.deviceId,
          name: device.name,
          description: device.description,
          online: isOnline(device),
          releaseChannel: device.releaseChannel,
          deviceType: DEVICE_TYPE_OF[device.productType],
          deviceFamily: device.productType,
          deviceGroup: '',
          generation: device.generation,
          formFactor: device.formFactor,
        })),
    })),
  );

  app.get(
    '/device-v2/:deviceId/status',
    withUser(ctx, (request, reply, account) => {
      const device = ownDevice(request.params, reply, account);
      if (!device) return reply;
      // Deprecated: new apps are refused; the same readings are in the config's device.status.
      if (!ctx.behaviour.statusEndpoint) return sendError(reply, 403, 'forbidden', 'Forbidden');
      const status = ctx.fleet.get(device.deviceId)?.apiStatus();
      if (!status) return sendError(reply, 404, 'not-found', 'No player');
      // isOnline as 0/1, one of the forms real answers use.
      return { ...status, isOnline: status.isOnline === true ? 1 : 0 };
    }),
  );

  app.get(
    '/device-v2/:deviceId/config',
    withUser(ctx, (request, reply, account) => {
      const device = ownDevice(request.params, reply, account);
      if (!device) return reply;
      return {
        device: {
          deviceId: device.deviceId,
          name: device.name,
          online: isOnline(device),
          geoTimezone: device.geoTimezone,
          config: structuredClone(device.config),
          status: ctx.fleet.get(device.deviceId)?.configStatus() ?? {},
        },
      };
    }),
  );

  app.put(
    '/device-v2/:deviceId/config',
    withUser(ctx, (request, reply, account) => {
      const device = ownDevice(request.params, reply, account);
      if (!device) return reply;
      const body = configUpdateSchema.safeParse(request.body);
      if (!body.success) return sendError(reply, 400, 'bad-request', z.prettifyError(body.error));
      if (body.data.deviceId !== undefined && body.data.deviceId !== device.deviceId) {
        return sendError(reply, 400, 'bad-request', 'deviceId does not match the path');
      }
      // The whole block is replaced: keys left out go back to their defaults.
      device.config = replaceConfig(body.data.config);
      if (body.data.name !== undefined) device.name = body.data.name;
      if (body.data.geoTimezone !== undefined) device.geoTimezone = body.data.geoTimezone;
      ctx.fleet.get(device.deviceId)?.configChanged();
      return { status: 'ok' };
    }),
  );
}
