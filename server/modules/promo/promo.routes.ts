import { z } from 'zod';
import { allow, PUBLIC, PLAYER } from '../../platform/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { runIdempotent } from '../../platform/idempotency';
import { langOf, ok } from '../../infra/http/reply';
import {
  agentRewardsSchema,
  bannerSchema,
  bonusListSchema,
  bonusReceivedSchema,
  bonusReceiveSchema,
  promotionSchema,
  referralPageSchema,
  referralsQuerySchema,
  sponsorSchema,
  userGiftSchema,
} from '../../../domain/schemas/promo.schema';
import { playerOrVisitor, resolveSession, tokenOf } from '../../platform/sessions';
import { announceBalances, announceUserInfo } from '../../platform/announcer';
import { agentRewards, bonusOverview, giftBonusId, hasGift, receiveBonus } from './promo.service';
import { referralPage, type ReferralLevel } from './referrals.service';

/**
 * An operator text in the request's language. A language the operator wrote none for falls back
 * to English, read by more of the site's foreign players than Portuguese, and then to pt_BR, which
 * every text has (issue 18, item 10: a Russian page showed Portuguese banners).
 */
function localized(request: FastifyRequest, texts: Record<string, string>): string {
  return texts[langOf(request)] ?? texts.en_US ?? texts.pt_BR ?? '';
}

/**
 * Referrals, promotions and bonuses (API.md "Added calls", issue 7). Site content comes from the
 * operator configuration (`promotions`); money moves only in `…/receive`, through the ledger.
 */
export async function promoRoutes(app: FastifyInstance, ctx: AppContext) {
  // Read on every request: operators change the promotions section from the console.
  const promo = () => ctx.config.file.promotions;

  app.get(
    '/api/app/main/banners',
    allow(PUBLIC, { response: z.array(bannerSchema) }),
    async (request, reply) => {
      // A banner for an offer shows only while the caller may still take it: the welcome gift's
      // banner is gone once the player has received the gift (a visitor still sees it).
      const banners = promo().banners;
      let giftOpen = true;
      if (banners.some((b) => b.offer === 'gift')) {
        const userId = await playerOrVisitor(ctx, request);
        if (userId !== null) giftOpen = await hasGift(ctx, userId);
      }
      return ok(
        request,
        reply,
        banners
          .filter((b) => b.offer !== 'gift' || giftOpen)
          .map((b) => ({
            id: b.id,
            title: localized(request, b.title),
            subtitle: localized(request, b.subtitle),
            link: b.link,
            art: b.art,
          })),
      );
    },
  );

  // Bonus offers are refused by Lei 14.790/2023: the br-regulated profile lists none.
  app.get(
    '/api/app/main/promotions',
    allow(PUBLIC, { response: z.array(promotionSchema) }),
    async (request, reply) =>
      ok(
        request,
        reply,
        ctx.config.profile !== 'seed'
          ? []
          : promo().list.map((p) => ({
              id: p.id,
              title: localized(request, p.title),
              text: localized(request, p.text),
              link: p.link,
              art: p.art,
            })),
      ),
  );

  app.get(
    '/api/app/main/sponsors',
    allow(PUBLIC, { response: z.array(sponsorSchema) }),
    async (request, reply) =>
      ok(
        request,
        reply,
        promo().sponsors.map((s) => ({
          id: s.id,
          name: s.name,
          text: localized(request, s.text),
          art: s.art,
        })),
      ),
  );

  // The reward table is public (/agentJl is open to visitors); a player's own token adds their progress.
  app.get(
    '/api/app/agent/rewards',
    allow(PUBLIC, { response: agentRewardsSchema }),
    async (request, reply) => {
      const token = tokenOf(request);
      const userId = token ? (await resolveSession(ctx, token, 'player')).subjectId : null;
      return ok(request, reply, await agentRewards(ctx, userId));
    },
  );

  app.register(async (scope) => {
    scope.get(
      '/api/app/user/referrals',
      allow(PLAYER, { query: referralsQuerySchema, response: referralPageSchema }),
      async (request, reply) => {
        const query = parseInput(referralsQuerySchema, request.query);
        return ok(
          request,
          reply,
          await referralPage(
            ctx,
            request.session!.subjectId,
            query.level as ReferralLevel,
            query.page,
            query.size,
          ),
        );
      },
    );

    scope.get('/api/app/main/userGift', allow(PLAYER, { response: userGiftSchema }), async (request, reply) =>
      ok(request, reply, (await hasGift(ctx, request.session!.subjectId)) ? 1 : 0),
    );

    const receive =
      (bonusId: () => string, message: 'giftReceived' | 'bonusReceived') =>
      async (request: FastifyRequest, reply: Parameters<typeof ok>[1]) => {
        const userId = request.session!.subjectId;
        const id = bonusId();
        return runIdempotent(ctx, request, reply, userId, {
          message,
          effect: (trx) => receiveBonus(ctx, trx, userId, id),
          after: async () => {
            await announceBalances(ctx, userId);
            await announceUserInfo(ctx, userId);
          },
        });
      };

    scope.post(
      '/api/app/main/userGift/receive',
      allow(PLAYER, { response: bonusReceivedSchema }),
      async (request, reply) => receive(() => giftBonusId(ctx), 'giftReceived')(request, reply),
    );

    scope.get('/api/app/bonus/list', allow(PLAYER, { response: bonusListSchema }), async (request, reply) =>
      ok(request, reply, await bonusOverview(ctx, request.session!.subjectId)),
    );

    scope.post(
      '/api/app/bonus/receive',
      allow(PLAYER, { body: bonusReceiveSchema, response: bonusReceivedSchema }),
      async (request, reply) => {
        const { bonusId } = parseInput(bonusReceiveSchema, request.body);
        return receive(() => bonusId, 'bonusReceived')(request, reply);
      },
    );
  });
}
