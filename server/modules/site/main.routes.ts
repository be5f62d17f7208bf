import { z } from 'zod';
import { guestAnalysisSchema, noticeSchema } from '../../../domain/schemas/user.schema';
import {
  recentWinnerSchema,
  supportContactsDataSchema,
  vipLevelSchema,
} from '../../../domain/schemas/site.schema';
import { allow, PUBLIC, PLAYER } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ok } from '../../infra/http/reply';
import { centsToBrl } from '../../../domain/money';
import { maskPlayer } from '../../../domain/players';
import { countRealPlayers, findLatestNotices, findLatestWinners, sumRealPayouts } from './main.repository';

/** Notices a visitor sees. */
const NOTICES_SHOWN = 20;

/** Site-wide calls: support contacts, footer counters, gifts and notices. */
export async function mainRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/app/main/guestAnalysis',
    allow(PUBLIC, { response: guestAnalysisSchema }),
    async (request, reply) => {
      const row = await countRealPlayers(ctx.db);
      // Winnings paid: what the games have paid to real accounts (demo play money left out).
      const paid = await sumRealPayouts(ctx.db);
      return ok(request, reply, { number: Number(row.n), amount: centsToBrl(Number(paid.cents)) });
    },
  );

  app.get(
    '/api/app/main/notices',
    allow(PUBLIC, { response: z.array(noticeSchema) }),
    async (request, reply) => {
      const rows = await findLatestNotices(ctx.db, NOTICES_SHOWN);
      return ok(
        request,
        reply,
        rows.map((r) => ({ id: r.id, text: r.text, createdAt: new Date(r.created_at).toISOString() })),
      );
    },
  );

  // Home's winners feed for a visitor (who has no socket) and the list a player sees before the
  // first `bets.feed` push: the latest paid bets of real accounts, players masked as in the feed.
  app.get(
    '/api/app/main/winners',
    allow(PUBLIC, { response: z.array(recentWinnerSchema) }),
    async (request, reply) => {
      const rows = await findLatestWinners(ctx.db);
      return ok(
        request,
        reply,
        rows.map((r) => ({
          id: r.id,
          game: r.game,
          player: maskPlayer(r.username),
          amount: centsToBrl(Number(r.amount_cents)),
          multiplier: Number(r.multiplier),
          payout: centsToBrl(Number(r.payout_cents)),
          at: r.settled_at ? new Date(r.settled_at).toISOString() : null,
        })),
      );
    },
  );

  // The VIP table (API.md: five values per level) as the operator configured it.
  app.get('/api/app/main/vip', allow(PUBLIC, { response: z.array(vipLevelSchema) }), async (request, reply) =>
    ok(request, reply, ctx.config.file.vip),
  );

  app.register(async (scope) => {
    // Spec 7: the answer's message is 'chatId#telegram'; an unset contact is an empty side.
    scope.get(
      '/api/app/main/csid',
      allow(PLAYER, { response: supportContactsDataSchema }),
      async (_request, reply) => {
        return reply.send({ status: 200, message: ctx.config.csid, data: null });
      },
    );

    // `userGift` and its receive call live with the other promotions (modules/promo).
  });
}
