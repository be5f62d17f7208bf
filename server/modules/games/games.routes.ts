import {
  finishedRoundSchema,
  gameEntrySchema,
  gameSettingsPatchSchema,
  gamesInPlaySchema,
  instantOutcomeSchema,
  minesGameSchema,
  minesRevealedSchema,
  publicSeedsSchema,
  roundChainSchema,
  rotatedSeedsSchema,
  roundBetSchema,
  roundStateSchema,
  stopGameSchema,
} from '../../../domain/schemas/game.schema';
import { adminGameSettingsSchema } from '../../../domain/schemas/console-desk.schema';
import { allow, PUBLIC, PLAYER, PLAYER_CHECKED_IN_CALL, operator } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { answerRefusal, moneyRequestOf, replayTwin, runIdempotent } from '../../platform/idempotency';
import { resolveSession, tokenOf } from '../../platform/sessions';
import { GAME_KEYS, GAMES } from '../../../domain/codes';
import { centsToBrl } from '../../../domain/money';
import { instantOutcome } from '../../../domain/fairness/instant';
import {
  diceBetSchema,
  doubleBetSchema,
  luckyBetSchema,
  limboBetSchema,
  minesBetSchema,
  minesCashoutSchema,
  minesRevealSchema,
  rotateSchema,
  rowDoubleBetSchema,
  settledBetSchema,
  verifyQuerySchema,
} from '../../../domain/schemas/game.schema';
import { allGameSettings, configuredRtp, settingsInBrl } from './settings';
import { publicSeeds, seedsFor } from './seeds';
import {
  forgetGameSettings,
  instantPlayer,
  InstantTwin,
  playInstant,
  SessionRefused,
  type InstantInput,
  type PlayedInstant,
} from './instant.service';
import { announceBet } from './bet-feed';
import { announceBalances } from '../../platform/announcer';
import { cashoutMines, revealMines, startMines } from './mines.service';
import { finishedRound, placeRoundBet, roundState } from './rounds.service';
import { roundBetPlaced } from './round-totals-feed';
import { ensureChain } from './chain';
import type { Trx } from '../../infra/db/connection';
import { assertStakeAllowed } from '../protection/protection.service';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import {
  changeGameSettings,
  findOpenMines,
  rotatePlayerSeeds,
  settlePlayersOpenMines,
} from './games.service';

/** Game list, fairness calls and the instant games (API.md "Games"). */
export async function gamesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/app/game/list',
    allow(PUBLIC, { response: z.array(gameEntrySchema) }),
    async (request, reply) => {
      const settings = await allGameSettings(ctx.db);
      return ok(
        request,
        reply,
        // The key is the server's spelling of the game (API paths); the entry carries the spec's fields.
        GAMES.map(({ key, ...g }) => {
          const s = settings.find((x) => x.game === key)!;
          return {
            ...g,
            productCode: 'SELF',
            stop: s.stop,
            // Brazilian rules require the RTP to be shown before betting.
            rtp: Math.round(configuredRtp(s.game, s.edge) * 10_000) / 100,
            minBet: centsToBrl(s.minBetCents),
            maxBet: centsToBrl(s.maxBetCents),
            maxPayout: centsToBrl(s.maxPayoutCents),
            edge: s.edge,
          };
        }),
      );
    },
  );

  // The public calculator: what any seeds give, for Trevo's bets and other sites' alike.
  app.get(
    '/api/app/game/fairness/verify',
    allow(PUBLIC, { query: verifyQuerySchema, response: instantOutcomeSchema }),
    async (request, reply) => {
      const q = parseInput(verifyQuerySchema, request.query);
      return ok(
        request,
        reply,
        instantOutcome(
          q.game,
          { serverSeed: q.serverSeed, clientSeed: q.clientSeed, nonce: q.nonce },
          { mines: q.mines, edge: q.edge },
        ),
      );
    },
  );

  // Operators change a game's settings at run time (the /api/admin guard checks the token and role).
  app.put<{ Params: { game: string } }>(
    '/api/admin/games/:game',
    allow(operator(['trader']), { body: gameSettingsPatchSchema, response: adminGameSettingsSchema }),
    async (request, reply) => {
      const game = parseInput(z.enum(GAME_KEYS), request.params.game);
      const patch = parseInput(gameSettingsPatchSchema, request.body ?? {});
      const after = await changeGameSettings(ctx.db, game, patch, (trx, before, changed) =>
        recordAudit(trx, auditEntry(request, 'game.settings', `game:${game}`, before, changed)),
      );
      forgetGameSettings(ctx.db, game);
      // The same BRL view as GET /api/admin/games (the audit above keeps the centavos).
      return ok(request, reply, settingsInBrl(after));
    },
  );

  const roundGame = z.enum(['double', 'luckycolor']);

  for (const game of ['double', 'luckycolor'] as const) {
    app.get(
      `/api/app/game/${game}/state`,
      allow(PUBLIC, { response: roundStateSchema }),
      async (request, reply) => {
        // Anyone may watch a round; a logged-in player also gets their own bets in it (a reload).
        const token = tokenOf(request);
        const session = token ? await resolveSession(ctx, token, 'player').catch(() => undefined) : undefined;
        return ok(request, reply, await roundState(ctx, game, session?.subjectId));
      },
    );
  }

  app.get<{ Params: { game: string; roundId: string } }>(
    '/api/app/game/rounds/:game/:roundId',
    allow(PUBLIC, { response: finishedRoundSchema }),
    async (request, reply) => {
      const game = parseInput(roundGame, request.params.game);
      return ok(request, reply, await finishedRound(ctx, game, request.params.roundId.slice(0, 40)));
    },
  );

  app.get<{ Params: { game: string } }>(
    '/api/app/game/chain/:game',
    allow(PUBLIC, { response: roundChainSchema }),
    async (request, reply) => {
      const game = parseInput(roundGame, request.params.game);
      const chain = await ensureChain(ctx.db, game, ctx.config.file.games.chainLength);
      return ok(request, reply, {
        terminatingHash: chain.terminatingHash,
        salt: chain.salt,
        length: chain.length,
      });
    },
  );

  // Instant bets are one database call (instant.service.ts), session check included, so the guard
  // leaves the session to it; the idempotency rules are runIdempotent's: a replay answers what was
  // stored, a refusal is stored too (a refused session is not).
  const instant = (path: string, schema: z.core.$ZodType, game: InstantInput['game']) =>
    app.post(
      path,
      allow(PLAYER_CHECKED_IN_CALL, { body: schema, response: settledBetSchema }),
      async (request, reply) => {
        const token = tokenOf(request);
        const userId = await instantPlayer(ctx, token);
        const input = { ...(parseInput(schema, request.body) as object), game } as InstantInput;
        const money = moneyRequestOf(request, userId);
        let played: PlayedInstant;
        try {
          played = await playInstant(ctx, money, token!, input);
        } catch (err) {
          if (err instanceof SessionRefused) throw err.refusal;
          if (err instanceof InstantTwin) return replayTwin(ctx, reply, money);
          return answerRefusal(ctx, reply, money, err);
        }
        await announceBet(
          ctx,
          userId,
          {
            game,
            amountCents: played.amountCents,
            multiplier: played.multiplier,
            payoutCents: played.payoutCents,
          },
          played.snapshot,
        );
        return reply.code(200).type('application/json').send(played.body);
      },
    );
  instant('/api/app/game/dice/bet', diceBetSchema, 'dice');
  instant('/api/app/game/limbo/bet', limboBetSchema, 'limbo');
  instant('/api/app/game/rowdouble/bet', rowDoubleBetSchema, 'rowdouble');

  app.register(async (scope) => {
    const roundBet = (
      game: 'double' | 'luckycolor',
      schema: z.core.$ZodType,
      read: (b: never) => { roundId: string; pick: string; amount: unknown },
    ) =>
      scope.post(
        `/api/app/game/${game}/bet`,
        allow(PLAYER, { response: roundBetSchema }),
        async (request, reply) => {
          const input = read(parseInput(schema, request.body) as never);
          const userId = request.session!.subjectId;
          let placed: Awaited<ReturnType<typeof placeRoundBet>> | undefined;
          return runIdempotent(ctx, request, reply, userId, {
            effect: async (trx) => {
              await assertStakeAllowed(trx, userId, input.amount, new Date());
              placed = await placeRoundBet(ctx, trx, userId, game, input);
              return placed.answer;
            },
            after: async () => {
              if (!placed) return;
              roundBetPlaced(ctx, game, placed.answer.roundId);
              await announceBet(
                ctx,
                userId,
                {
                  game,
                  amountCents: Math.round(placed.answer.amount * 100),
                  multiplier: 0,
                  payoutCents: 0,
                },
                placed.snapshot,
              );
            },
          });
        },
      );
    roundBet('double', doubleBetSchema, (b: { roundId: string; color: string; amount: unknown }) => ({
      roundId: b.roundId,
      pick: b.color,
      amount: b.amount,
    }));
    roundBet('luckycolor', luckyBetSchema, (b: { periodId: string; pick: string; amount: unknown }) => ({
      roundId: b.periodId,
      pick: b.pick,
      amount: b.amount,
    }));

    scope.get(
      '/api/app/game/fairness',
      allow(PLAYER, { response: publicSeedsSchema }),
      async (request, reply) => {
        return ok(request, reply, publicSeeds(await seedsFor(ctx.db, request.session!.subjectId)));
      },
    );

    scope.post(
      '/api/app/game/fairness/rotate',
      allow(PLAYER, { body: rotateSchema, response: rotatedSeedsSchema }),
      async (request, reply) => {
        const { clientSeed } = parseInput(rotateSchema, request.body ?? {});
        const userId = request.session!.subjectId;
        await seedsFor(ctx.db, userId);
        const result = await rotatePlayerSeeds(ctx.db, userId, clientSeed);
        return ok(request, reply, result);
      },
    );

    const money = (
      path: string,
      schema: z.core.$ZodType,
      response: z.core.$ZodType,
      run: (trx: Trx, userId: number, input: never) => Promise<unknown>,
    ) =>
      scope.post(path, allow(PLAYER, { response }), async (request, reply) => {
        const input = parseInput(schema, request.body) as never;
        const userId = request.session!.subjectId;
        return runIdempotent(ctx, request, reply, userId, {
          effect: (trx) => run(trx, userId, input),
          after: async () => void (await announceBalances(ctx, userId)),
        });
      });

    money(
      '/api/app/game/mines/bet',
      minesBetSchema,
      minesGameSchema,
      async (trx, userId, input: { amount: unknown; mines: number }) => {
        await assertStakeAllowed(trx, userId, input.amount, new Date());
        return startMines(ctx, trx, userId, input);
      },
    );
    money(
      '/api/app/game/mines/reveal',
      minesRevealSchema,
      minesRevealedSchema,
      (trx, userId, input: { gameId: string; tile: number; step: number }) =>
        revealMines(ctx, trx, userId, input),
    );
    money(
      '/api/app/game/mines/cashout',
      minesCashoutSchema,
      minesGameSchema,
      (trx, userId, input: { gameId: string }) => cashoutMines(ctx, trx, userId, input.gameId),
    );

    // Spec 7 spells this call `api//app/game/inPlay`; both spellings answer.
    for (const path of ['/api/app/game/inPlay', '/api//app/game/inPlay']) {
      scope.get(path, allow(PLAYER, { response: gamesInPlaySchema }), async (request, reply) => {
        const userId = request.session!.subjectId;
        return ok(request, reply, {
          mines: await findOpenMines(ctx.db, userId),
        });
      });
    }

    scope.get(
      '/api/app/game/stopGame',
      allow(PLAYER, { response: stopGameSchema }),
      async (request, reply) => {
        const userId = request.session!.subjectId;
        const settled = await settlePlayersOpenMines(ctx, userId);
        if (settled) await announceBalances(ctx, userId);
        return ok(request, reply, { settled });
      },
    );
  });
}
