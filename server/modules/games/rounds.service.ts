import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../infra/http/errors';
import type { Trx } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { doubleTile, luckyDigit } from '../../../domain/fairness/chain';
import {
  doubleColor,
  doubleMultiplier,
  luckyMultiplier,
  payoutCents,
  type DoubleColor,
  type LuckyPick,
} from '../../../domain/games/rules';
import { checkStake, gameSettings } from './settings';
import { countWager, newBetId, payBet, stakeBet } from '../../platform/money/bet-money';
import { announceBalances } from '../../platform/announcer';
import { ensureChain, hashAt } from './chain';
import { stakeCents } from './instant.service';
import { lockPlayers } from '../../platform/money/lock-order';
import { announceRound } from './round-events';
import { insertOpenBet } from './bets.repository';
import {
  bettingRounds,
  cancelBettingRound,
  closeRound,
  closeRoundBet,
  completeRound,
  insertRound,
  latestRound,
  moveBettingClose,
  openRoundBets,
  playerBetsInRounds,
  recentRounds,
  roundByNumber,
  roundStakes,
  roundsWithOpenBets,
  shareLockRound,
} from './rounds.repository';

/**
 * Shared rounds of DOUBLE and LUCKYCOLOR (games.md): betting (countdown) → rolling (result
 * revealed) → complete. One instance drives each game (a lease). Closing the round waits for the
 * bets being placed, so a bet is either in the round or refused; each bet is then paid once in its
 * own transaction. A round found open long after its close (the server was down) is cancelled and
 * refunded; bets a stopped instance left open in a closed round are settled by the next driver.
 */
/** The games played in shared rounds. */
export const ROUND_GAMES = ['double', 'luckycolor'] as const;
export type RoundGame = (typeof ROUND_GAMES)[number];

/** A round still "betting" this long after its close was not closed by a live server. */
const RECOVERY_GRACE_MS = 5_000;

export const roundId = (game: RoundGame, number: number) => `${game}-${number}`;

function parseRoundId(game: RoundGame, id: string): number {
  const match = new RegExp(`^${game}-(\\d{1,9})$`).exec(id);
  if (!match) throw notFound();
  return Number(match[1]);
}

const resultOf = (game: RoundGame, salt: string, hash: string) =>
  game === 'double' ? doubleTile(salt, hash) : luckyDigit(salt, hash);

function multiplierFor(game: RoundGame, pick: string, result: number): number {
  return game === 'double'
    ? doubleColor(result) === pick
      ? doubleMultiplier(pick as DoubleColor)
      : 0
    : luckyMultiplier(pick as LuckyPick, result);
}

/** Totals staked per colour or pick in a round, in BRL. */
export async function roundTotals(db: AppContext['db'] | Trx, id: string): Promise<Record<string, number>> {
  const rows = await roundStakes(db, id);
  const totals: Record<string, number> = {};
  for (const r of rows) {
    const { pick } = JSON.parse(r.params) as { pick: string };
    totals[pick] = Math.round(((totals[pick] ?? 0) + centsToBrl(Number(r.amount_cents))) * 100) / 100;
  }
  return totals;
}

/** One step of a game's round scheduler; safe to call often and from one instance at a time. */
export async function roundTick(ctx: AppContext, game: RoundGame, now = Date.now()): Promise<void> {
  const timing = ctx.config.file.games[game];
  const chain = await ensureChain(ctx.db, game, ctx.config.file.games.chainLength);
  const current = await latestRound(ctx.db, game);

  if (!current || current.status === 'complete' || current.status === 'cancelled') {
    const number = (current?.number ?? 0) + 1;
    if (number > chain.length) return;
    const closesAt = new Date(now + timing.bettingMs);
    const completesAt = new Date(closesAt.getTime() + timing.rollingMs + timing.completeMs);
    const opened = await insertRound(ctx.db, {
      id: roundId(game, number),
      game,
      number,
      opensAt: new Date(now),
      closesAt,
      completesAt,
    });
    // Undefined when another instance opened it first: only the opener announces it.
    if (opened !== undefined) {
      announceRound(ctx, 'round.opened', {
        game,
        roundId: opened,
        closesAt: closesAt.toISOString(),
        rollsAt: closesAt.toISOString(),
        previousHash: await hashAt(ctx.db, game, number - 1, chain.length),
      });
    }
    return;
  }

  if (current.status === 'betting' && now >= new Date(current.closes_at).getTime()) {
    const late = now - new Date(current.closes_at).getTime() > RECOVERY_GRACE_MS;
    if (late) {
      await cancelRound(ctx, current.id);
      announceRound(ctx, 'round.cancelled', { game, roundId: current.id });
      return;
    }
    const hash = await hashAt(ctx.db, game, current.number, chain.length);
    const result = resultOf(game, chain.salt, hash);
    // Closing waits for the bets being placed (they share-lock the round row); after it no bet
    // can join, and each bet is then settled on its own (settleRoundBets).
    if (!(await closeRound(ctx.db, current.id, hash, result))) return;
    const settled = await settleRoundBets(ctx, current.id, { game, result });
    announceRound(ctx, 'round.closed', { game, roundId: current.id });
    announceRound(ctx, 'round.result', { game, roundId: current.id, result, hash, sentAt: Date.now() });
    for (const userId of new Set(settled)) await announceBalances(ctx, userId);
    return;
  }

  // A bet left open in a round that has its result (the settling instance stopped midway).
  if (current.status === 'rolling' && current.result !== null) {
    const late = await settleRoundBets(ctx, current.id, { game, result: current.result });
    for (const userId of new Set(late)) await announceBalances(ctx, userId);
  }

  if (current.status === 'rolling' && now >= new Date(current.completes_at).getTime()) {
    await completeRound(ctx.db, current.id);
  }
}

/**
 * Closes the game's round taking bets now, as the end of its window would (the rounds' test
 * control: end-to-end journeys bet, then close, instead of waiting out the window). The roll and
 * the pause after it keep their configured lengths. The round's id, or null when none takes bets.
 */
export async function closeBettingNow(ctx: AppContext, game: RoundGame): Promise<string | null> {
  const timing = ctx.config.file.games[game];
  // Only the round the scheduler drives, before its window ends: after that it is the scheduler's
  // to close, or to cancel when late.
  const current = await latestRound(ctx.db, game);
  if (current?.status !== 'betting') return null;
  const now = Date.now();
  if (now > new Date(current.closes_at).getTime()) return null;
  const completesAt = new Date(now + timing.rollingMs + timing.completeMs);
  if (!(await moveBettingClose(ctx.db, current.id, new Date(now), completesAt))) return null;
  // The scheduler may close it first; closing is guarded by the round's status, so once only.
  await roundTick(ctx, game, now);
  return current.id;
}

/**
 * The published rule for a round the driver left open for bets (games.md "Interrupted rounds"):
 * when an instance becomes the scheduler and finds the round still taking bets, the instance that
 * opened it stopped, so the round is cancelled and every stake refunded; the next tick opens a new
 * one. Bets left open in a round already past betting are settled by its result (refunded if
 * it was cancelled).
 */
export async function cancelInterruptedRound(ctx: AppContext, game: RoundGame): Promise<void> {
  const open = await bettingRounds(ctx.db, game);
  for (const round of open) {
    await cancelRound(ctx, round.id);
    announceRound(ctx, 'round.cancelled', { game, roundId: round.id });
  }
  // Bets a stopped instance left open in a round it had already closed or cancelled.
  const unfinished = await roundsWithOpenBets(ctx.db, game);
  for (const round of unfinished) {
    const paid =
      round.status === 'cancelled' || round.result === null
        ? await settleRoundBets(ctx, round.id, null)
        : await settleRoundBets(ctx, round.id, { game, result: round.result });
    for (const userId of new Set(paid)) await announceBalances(ctx, userId);
  }
}

/** Cancels a round that was open when the server stopped: every stake goes back, announced. */
async function cancelRound(ctx: AppContext, id: string) {
  if (!(await cancelBettingRound(ctx.db, id))) return;
  const refunded = await settleRoundBets(ctx, id, null);
  for (const userId of new Set(refunded)) await announceBalances(ctx, userId);
}

/** Players whose bets one settlement transaction pays. */
const SETTLE_CHUNK_PLAYERS = 50;

/**
 * Settles every bet still open in a closed round — paid by the drawn result, or refunded when the
 * round was cancelled (`drawn` null). Each transaction takes the rows of up to SETTLE_CHUNK_PLAYERS
 * players first, in id order, and only then their bets and accounts and the house account: the
 * one lock order of money (decision 40). One transaction for the whole round took the house
 * account and then each player's rows, and deadlocked with instant bets of the same players
 * (found by `npm run bench:load`). A bet is settled once: its update is guarded by its status, so
 * an instance that stopped midway leaves the rest to the next tick or to recovery.
 */
async function settleRoundBets(
  ctx: AppContext,
  id: string,
  drawn: { game: RoundGame; result: number } | null,
): Promise<number[]> {
  const bets = await openRoundBets(ctx.db, id);
  const players = [...new Set(bets.map((b) => b.user_id))];
  const settled: number[] = [];
  for (let i = 0; i < players.length; i += SETTLE_CHUNK_PLAYERS) {
    const chunk = players.slice(i, i + SETTLE_CHUNK_PLAYERS);
    const mine = new Set(chunk);
    const paid = await ctx.db.transaction().execute(async (trx) => {
      await lockPlayers(trx, chunk);
      const done: number[] = [];
      for (const bet of bets.filter((b) => mine.has(b.user_id))) {
        const amount = Number(bet.amount_cents);
        const { pick } = JSON.parse(bet.params) as { pick: string };
        const multiplier = drawn ? multiplierFor(drawn.game, pick, drawn.result) : 1;
        const payout = drawn ? payoutCents(amount, multiplier) : amount;
        const updated = await closeRoundBet(trx, bet.id, {
          status: drawn ? 'settled' : 'cancelled',
          payoutCents: payout,
          multiplier,
          ...(drawn ? { outcome: JSON.stringify({ result: drawn.result }) } : {}),
        });
        if (!updated) continue;
        // Played when the round was drawn; a cancelled round's stake comes back and counts nothing.
        if (drawn)
          await countWager(ctx, trx, {
            userId: bet.user_id,
            betId: bet.id,
            book: 'casino',
            wagerCents: amount,
          });
        await payBet(trx, {
          userId: bet.user_id,
          betId: bet.id,
          amountCents: payout,
          stakeCents: amount,
          bonusPart: Number(bet.bonus_cents),
          book: 'casino',
          key: `payout:${bet.id}`,
          kind: drawn ? 'round_payout' : 'round_refund',
        });
        done.push(bet.user_id);
      }
      return done;
    });
    settled.push(...paid);
  }
  return settled;
}

/**
 * Places a bet in an open round, in the caller's transaction (the round row is share-locked).
 * Returns the API answer and the snapshot its announcement needs.
 */
export async function placeRoundBet(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  game: RoundGame,
  input: { roundId: string; pick: string; amount: unknown },
) {
  const amount = stakeCents(input.amount);
  const number = parseRoundId(game, input.roundId);
  const settings = await gameSettings(trx, game);
  // The payout cap applies to the best result this pick can have.
  const best = Math.max(
    ...Array.from({ length: game === 'double' ? 15 : 10 }, (_, r) => multiplierFor(game, input.pick, r)),
  );
  checkStake(settings, amount, payoutCents(amount, best));
  const round = await shareLockRound(trx, game, number);
  if (!round) throw notFound();
  if (round.status !== 'betting' || new Date(round.closes_at).getTime() <= Date.now()) {
    throw new AppError(409, 'roundClosed');
  }
  const betId = newBetId();
  const { bonusPart, snapshot } = await stakeBet(trx, {
    userId,
    betId,
    amountCents: amount,
    book: 'casino',
    key: `stake:${betId}`,
    kind: 'bet_stake',
  });
  await insertOpenBet(trx, {
    id: betId,
    userId,
    game,
    amountCents: amount,
    bonusCents: bonusPart,
    params: JSON.stringify({ pick: input.pick }),
    roundId: round.id,
  });
  return {
    answer: {
      betId,
      gameCode: game === 'double' ? 'SE0006' : 'SE0007',
      roundId: round.id,
      pick: input.pick,
      amount: centsToBrl(amount),
    },
    /** The balances after the stake, for the announcement. */
    snapshot,
  };
}

/**
 * The bets of `userId` in the given rounds, for a page (re)loaded mid-round or after a result:
 * open bets are still in play, settled ones carry their payout, cancelled ones were refunded.
 */
async function playerRoundBets(ctx: AppContext, userId: number, roundIds: string[]) {
  if (roundIds.length === 0) return [];
  const rows = await playerBetsInRounds(ctx.db, userId, roundIds);
  return rows.map((r) => ({
    betId: r.id,
    roundId: r.round_id!,
    pick: (JSON.parse(r.params) as { pick: string }).pick,
    amount: centsToBrl(Number(r.amount_cents)),
    status: r.status as 'open' | 'settled' | 'cancelled',
    payout: r.status === 'open' ? null : centsToBrl(Number(r.payout_cents ?? 0)),
    multiplier: r.status === 'open' ? null : Number(r.multiplier),
  }));
}

/**
 * What a late joiner needs to render the current round, with the last results; for a logged-in
 * player (`userId`) also their bets in the current and the previous round (`myBets`).
 */
export async function roundState(ctx: AppContext, game: RoundGame, userId?: number) {
  const chain = await ensureChain(ctx.db, game, ctx.config.file.games.chainLength);
  const current = await latestRound(ctx.db, game);
  const recent = await recentRounds(ctx.db, game);
  return {
    game,
    round: current
      ? {
          roundId: current.id,
          number: current.number,
          phase: current.status,
          opensAt: new Date(current.opens_at).toISOString(),
          closesAt: new Date(current.closes_at).toISOString(),
          rollsAt: new Date(current.closes_at).toISOString(),
          completesAt: new Date(current.completes_at).toISOString(),
          previousHash: await hashAt(ctx.db, game, current.number - 1, chain.length),
          result: current.status === 'betting' ? null : current.result,
          hash: current.status === 'betting' ? null : current.hash,
          totals: await roundTotals(ctx.db, current.id),
        }
      : null,
    recent: recent.map((r) => ({ roundId: r.id, number: r.number, result: r.result, hash: r.hash })),
    myBets:
      userId === undefined || !current
        ? []
        : await playerRoundBets(
            ctx,
            userId,
            [current.number, current.number - 1].filter((n) => n > 0).map((n) => roundId(game, n)),
          ),
    serverTime: new Date().toISOString(),
  };
}

/** A finished round with what a verifier needs; an open round reveals nothing. */
export async function finishedRound(ctx: AppContext, game: RoundGame, id: string) {
  const number = parseRoundId(game, id);
  const round = await roundByNumber(ctx.db, game, number);
  if (!round || round.status === 'betting' || round.status === 'cancelled' || !round.hash) throw notFound();
  const chain = await ensureChain(ctx.db, game, ctx.config.file.games.chainLength);
  return {
    roundId: round.id,
    hash: round.hash,
    previousHash: await hashAt(ctx.db, game, number - 1, chain.length),
    salt: chain.salt,
    result: round.result,
  };
}
