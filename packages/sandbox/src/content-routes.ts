// Content, family library and family REST paths of the provider (docs/provider-contract.md, REST).
import type { FastifyInstance } from 'fastify';
import type { Account } from './accounts';
import { z } from 'zod';
import { cardDetail, cardSummary, groupJson } from './card-json';
import type { SandboxContext } from './context';
import { cardsOfFamily } from './household';
import { sendError, withUser } from './rest-guard';

const cardParams = z.object({ cardId: z.string().min(1).max(64) });
const contentQuery = z.object({ playable: z.enum(['true', 'false']).optional() });
const groupParams = z.object({ id: z.string().min(1).max(128) });

export function registerContentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(
    '/content/mine',
    withUser(ctx, (_request, _reply, account) => ({
      cards: cardsOfFamily(ctx.household, account.familyId)
        .filter((card) => card.mine)
        .map((card) => cardSummary(card, ctx.baseUrl)),
    })),
  );

  app.get(
    '/content/:cardId',
    withUser(ctx, (request, reply, account) => {
      const params = cardParams.safeParse(request.params);
      const query = contentQuery.safeParse(request.query);
      if (!params.success || !query.success)
        return sendError(reply, 400, 'bad-request', 'Invalid card request');
      const card = ctx.household.cards.get(params.data.cardId);
      // Another family's card is not even admitted to exist.
      if (!card || card.familyId !== account.familyId) {
        return sendError(reply, 404, 'not-found', `Card ${params.data.cardId} not found`);
      }
      if (!card.readable) {
        const status = ctx.behaviour.unreadableContentStatus;
        return status === 404
          ? sendError(reply, 404, 'not-found', `Card ${params.data.cardId} not found`)
          : sendError(reply, 403, 'forbidden', 'You may not read this card');
      }
      return cardDetail(card, ctx.baseUrl);
    }),
  );

  app.get(
    '/card/family/library/groups',
    withUser(ctx, (_request, _reply, account) =>
      [...ctx.household.groups.values()]
        .filter((group) => group.familyId === account.familyId)
        .map((group) => groupJson(group, ctx.baseUrl)),
    ),
  );

  app.get(
    '/card/family/library/groups/:id',
    withUser(ctx, (request, reply, account) => {
      const params = groupParams.safeParse(request.params);
      if (!params.success) return sendError(reply, 400, 'bad-request', 'Invalid group id');
      const group = ctx.household.groups.get(params.data.id);
      if (!group || group.familyId !== account.familyId) {
        return sendError(reply, 404, 'not-found', `Group ${params.data.id} not found`);
      }
      const cards = group.items.flatMap((item) => {
        const card = ctx.household.cards.get(item.contentId);
        return card ? [cardSummary(card, ctx.baseUrl)] : [];
      });
      return { ...groupJson(group, ctx.baseUrl), cards };
    }),
  );

  app.get(
    '/user/family',
    // The real shape (core's fixtures/user-family.ts): members carry no name. The provider asks
    // for its own scope here, family:view, which the app's default request leaves out.
    withUser(ctx, (_request, reply, account, scope) => {
      if (!scope.includes('family:view')) {
        return sendError(reply, 403, 'insufficient-scope', 'This call needs the family:view scope');
      }
      return familyAnswer(ctx, account);
    }),
  );
}

function familyAnswer(ctx: SandboxContext, account: Account) {
  return {
    family: {
      familyId: account.familyId,
      createdAt: '2023-11-02T10:00:00.000Z',
      country: 'GB',
      devices: [...ctx.household.devices.values()]
        .filter((device) => device.familyId === account.familyId)
        .map((device) => ({ deviceId: device.deviceId, addedAt: '2023-11-02T10:05:00.000Z' })),
      // Every parent of the family (the demo family has two).
      members: ctx.accounts.members(account.familyId).map((member) => ({
        userId: member.sub,
        email: member.email,
        emailVerified: true,
        picture: `${ctx.baseUrl}/covers/1.svg`,
        createdAt: '2023-11-02T10:00:00.000Z',
        addedAt: '2023-11-02T10:00:00.000Z',
      })),
    },
  };
}
