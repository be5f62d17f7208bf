import { z } from 'zod';
import { allow, PUBLIC, PLAYER, operator } from '../../platform/access';
import { auditEntry } from '../../platform/audit-trail';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound, parseInput, tooMany } from '../../infra/http/errors';
import { oddsFromMilli } from '../../../domain/sports/ladder';
import { ok } from '../../infra/http/reply';
import { runIdempotent } from '../../platform/idempotency';
import { announceBalances } from '../../platform/announcer';
import { MatchTime } from '../../../domain/codes';
import type { FixtureResult } from '../../../domain/sports/markets';
import {
  builderQuoteAnswerSchema,
  builderQuoteSchema,
  cashoutResultSchema,
  favouriteSchema,
  favouritesSchema,
  fixturesQuerySchema,
  resultsQuerySchema,
  sportsResultSchema,
  operatorResultAnswerSchema,
  operatorResultSchema,
  placedSportsBetSchema,
  sportsBetSchema,
  sportsCashoutSchema,
  sportsFixtureDetailSchema,
  sportsFixtureSchema,
  sportSummarySchema,
  sportsLimitsSchema,
  type OperatorResultInput,
} from '../../../domain/sports/sports.schema';
import { mySportsBetsPageSchema, sportsBetsQuerySchema } from '../../../domain/schemas/sports-bets.schema';
import type { SportKey } from '../../../domain/sports/sports';
import { fixtureDetailView, fixturesView, sportsView, resultsView } from './catalogue.service';
import { placeSportsBet, type PlacedBet } from './betting.service';
import { priceBuilder } from './builder.service';
import { boostsRoutes } from './boosts.routes';
import { sportsBetsPage } from './bets.service';
import { listFavourites, setFavourite } from './favourites.service';
import { cashoutBet } from './cashout.service';
import { enterResult } from './settlement.service';
import { withHolds } from './holds';
import { fixtureRoom } from './live';
import { announceSettled, decideAndAnnounce } from './jobs';
import type { Sports } from './sports.module';
import { assertStakeAllowed } from '../protection/protection.service';
import { findFixtureResult, recordResultEntry } from './results.repository';

/** Criar Aposta quotes a visitor's address may ask for in a minute (a slip requotes on each tap). */
const BUILDER_QUOTES_PER_MINUTE = 120;

const MATCH_TIME_CODES: readonly number[] = Object.values(MatchTime);

/** An operator's result as settlement reads it. */
function resultFromInput(input: OperatorResultInput): FixtureResult {
  if (!MATCH_TIME_CODES.includes(input.status)) throw badRequest('sportsResultInvalid');
  // A finished match needs its final score (a head-to-head its two drivers' races instead, a race
  // its classification).
  if (
    input.status === MatchTime.finished &&
    !input.race &&
    !input.classification &&
    (!input.full || !input.full.complete)
  ) {
    throw badRequest('sportsResultInvalid');
  }
  const scores: FixtureResult['scores'] = {};
  if (input.full) scores.full = input.full;
  if (input.firstHalf) scores.first_half = input.firstHalf;
  if (input.corners) scores.corners = input.corners;
  if (input.cards) scores.cards = input.cards;
  if (input.regulation) scores.regulation = input.regulation;
  if (input.fourthQuarter) scores.fourth_quarter = input.fourthQuarter;
  if (input.firstSet) scores.first_set = input.firstSet;
  if (input.games) scores.games = input.games;
  // A fight entered without `method` holds its Método de Vitória for review.
  const { retired, advanced, innings, race, classification, rounds, method } = input;
  return {
    status: input.status,
    scores,
    ...(retired ? { retired } : {}),
    ...(advanced ? { advanced } : {}),
    ...(innings !== undefined ? { innings } : {}),
    ...(race ? { race } : {}),
    ...(classification ? { classification } : {}),
    ...(rounds ? { rounds } : {}),
    ...(method ? { method } : {}),
  };
}

/** The sports calls (API.md "Sports"): reads need no login; bets do; results are for operators. */
export async function sportsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sports: Sports,
  options: { timers: boolean },
) {
  app.get(
    '/api/app/sports/sports',
    allow(PUBLIC, { response: z.array(sportSummarySchema) }),
    async (request, reply) => ok(request, reply, sportsView(sports.feed, sports.now())),
  );

  app.get(
    '/api/app/sports/limits',
    allow(PUBLIC, { response: sportsLimitsSchema }),
    async (request, reply) => {
      const c = ctx.config.file.sports;
      return ok(request, reply, {
        minStake: c.minStake,
        maxStake: c.maxStake,
        maxLegs: c.maxLegs,
        maxCombinedOdds: c.maxCombinedOdds,
        maxPayoutPerBet: c.maxPayoutPerBet,
        cashoutMinPartial: c.cashoutMinPartial,
      });
    },
  );

  app.get(
    '/api/app/sports/fixtures',
    allow(PUBLIC, { query: fixturesQuerySchema, response: z.array(sportsFixtureSchema) }),
    async (request, reply) => {
      const q = parseInput(fixturesQuerySchema, request.query);
      const live = q.live === undefined ? undefined : q.live === 'true' || q.live === '1';
      return ok(
        request,
        reply,
        await fixturesView(
          ctx.db,
          sports.feed,
          { sport: q.sport as SportKey | undefined, live, q: q.q, competition: q.competition },
          sports.now(),
        ),
      );
    },
  );

  app.get(
    '/api/app/sports/results',
    allow(PUBLIC, { query: resultsQuerySchema, response: z.array(sportsResultSchema) }),
    async (request, reply) => {
      const q = parseInput(resultsQuerySchema, request.query);
      return ok(
        request,
        reply,
        await resultsView(
          ctx.db,
          sports.feed,
          { sport: q.sport as SportKey | undefined, q: q.q, competition: q.competition },
          sports.now(),
        ),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/app/sports/fixtures/:id',
    allow(PUBLIC, { response: sportsFixtureDetailSchema }),
    async (request, reply) => {
      const snap = sports.feed.snapshot(request.params.id.slice(0, 64), sports.now());
      if (!snap) throw notFound();
      const [shown] = await withHolds(ctx.db, [snap]);
      return ok(request, reply, fixtureDetailView(shown!, ctx.config.file.sports.earlyPayout));
    },
  );

  // The /api/admin guard has already checked the operator token and role.
  app.post<{ Params: { id: string } }>(
    '/api/admin/sports/fixtures/:id/result',
    allow(operator(['trader']), { body: operatorResultSchema, response: operatorResultAnswerSchema }),
    async (request, reply) => {
      const result = resultFromInput(parseInput(operatorResultSchema, request.body));
      const fixtureId = request.params.id.slice(0, 64);
      const before = await findFixtureResult(ctx.db, fixtureId);
      const settled = await enterResult(ctx, sports, fixtureId, result);
      // Recorded once the result stands (a refused entry changes nothing and is not an action).
      await recordResultEntry(
        ctx.db,
        auditEntry(
          request,
          'sports.result',
          `fixture:${fixtureId}`,
          before
            ? { result: before.result && JSON.parse(before.result), source: before.result_source }
            : null,
          { result, source: 'operator', settledBets: settled.length },
        ),
      );
      // Its book is closed from now on (holds.ts): watchers see the markets suspended at once.
      ctx.realtime.io.to(fixtureRoom(fixtureId)).emit('sports.odds', { fixtureId, suspended: true });
      await announceSettled(ctx, settled);
      return ok(request, reply, {
        fixtureId: request.params.id,
        settled: settled.map((s) => ({ betId: s.betId, result: s.resultCode, payout: s.payoutCents / 100 })),
      });
    },
  );

  await boostsRoutes(app, ctx, sports);

  // Open to visitors like the prices it completes; throttled, as each quote walks the match's grid.
  app.post(
    '/api/app/sports/builder/quote',
    allow(PUBLIC, { body: builderQuoteSchema, response: builderQuoteAnswerSchema }),
    async (request, reply) => {
      const input = parseInput(builderQuoteSchema, request.body);
      if ((await ctx.limiter.hit(`builder-ip:${request.ip}`, 60_000)) > BUILDER_QUOTES_PER_MINUTE) {
        throw tooMany();
      }
      const price = priceBuilder(ctx, sports, input.fixtureId, input.legs, sports.now());
      return ok(request, reply, { odds: oddsFromMilli(price.oddsMilli) });
    },
  );

  app.register(async (scope) => {
    scope.post(
      '/api/app/sports/bet',
      allow(PLAYER, { body: sportsBetSchema, response: placedSportsBetSchema }),
      async (request, reply) => {
        const input = parseInput(sportsBetSchema, request.body);
        const userId = request.session!.subjectId;
        let placed: PlacedBet | undefined;
        return runIdempotent(ctx, request, reply, userId, {
          effect: async (trx) => {
            await assertStakeAllowed(trx, userId, input.stake, new Date(sports.now()));
            placed = await placeSportsBet(ctx, sports, trx, userId, input);
            return placed;
          },
          after: async () => {
            if (!placed) return;
            await announceBalances(ctx, userId);
            if (placed.state === 'pending' && options.timers && placed.acceptAt) {
              const betId = placed.betId;
              // The acceptance loop decides it too; whichever comes first wins (the row is locked).
              const timer = setTimeout(
                () =>
                  void decideAndAnnounce(ctx, sports, betId).catch((err) =>
                    ctx.log.error({ err }, 'live bet decision failed'),
                  ),
                Math.max(0, Date.parse(placed.acceptAt) - sports.now()),
              );
              timer.unref();
            }
          },
        });
      },
    );

    scope.get(
      '/api/app/sports/bets',
      allow(PLAYER, { query: sportsBetsQuerySchema, response: mySportsBetsPageSchema }),
      async (request, reply) => {
        const { status, page, size } = parseInput(sportsBetsQuerySchema, request.query);
        return ok(
          request,
          reply,
          await sportsBetsPage(ctx, sports, request.session!.subjectId, { status }, { page, size }),
        );
      },
    );

    scope.get(
      '/api/app/sports/favourites',
      allow(PLAYER, { response: favouritesSchema }),
      async (request, reply) => ok(request, reply, await listFavourites(ctx, request.session!.subjectId)),
    );

    scope.post(
      '/api/app/sports/favourites',
      allow(PLAYER, { body: favouriteSchema, response: favouritesSchema }),
      async (request, reply) => {
        const input = parseInput(favouriteSchema, request.body);
        return ok(request, reply, await setFavourite(ctx, request.session!.subjectId, input));
      },
    );

    scope.post(
      '/api/app/sports/cashout',
      allow(PLAYER, { body: sportsCashoutSchema, response: cashoutResultSchema }),
      async (request, reply) => {
        const input = parseInput(sportsCashoutSchema, request.body);
        const userId = request.session!.subjectId;
        return runIdempotent(ctx, request, reply, userId, {
          effect: (trx) => cashoutBet(ctx, sports, trx, userId, input.betId, input.amount),
          after: async () => void (await announceBalances(ctx, userId)),
        });
      },
    );
  });
}
