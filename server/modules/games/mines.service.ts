import type { AppContext } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import { playerBalances } from '../../platform/money/ledger';
import type { Trx } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { floats, minesFromFloats } from '../../../domain/fairness/instant';
import { minesMultiplier, payoutCents } from '../../../domain/games/rules';
import { checkStake, gameSettings } from './settings';
import { seedsFor } from './seeds';
import { countWager, newBetId, payBet, stakeBet } from '../../platform/money/bet-money';
import { lockPlayer } from '../../platform/money/lock-order';
import { stakeCents } from './instant.service';
import { setSeedNonce } from './seeds.repository';
import { insertOpenBet } from './bets.repository';
import {
  endMinesGame,
  idleMinesPlayerIds,
  insertMinesGame,
  lockMinesGame,
  minesBet,
  openMinesGameId,
  recordReveal,
  settleMinesBet,
  type MinesGameRow,
} from './mines.repository';

/**
 * MINES (games.md): the board is fixed by the seeds when the bet is placed; reveals are
 * sequence-checked under a row lock so a double click or a replay cannot reveal twice; the game
 * ends by a mine, a cash-out, clearing every gem, `stopGame` or 30 idle minutes — exactly once.
 */
async function lockGame(trx: Trx, userId: number, gameId: string): Promise<MinesGameRow> {
  const game = await lockMinesGame(trx, userId, gameId);
  if (!game) throw notFound();
  return game;
}

async function betOf(trx: Trx, betId: string) {
  const bet = await minesBet(trx, betId);
  return { ...bet, amount: Number(bet.amount_cents), bonus: Number(bet.bonus_cents) };
}

/** The public state of a game (mines stay hidden while it is open). */
async function view(trx: Trx, game: MinesGameRow, edge: number) {
  const bet = await betOf(trx, game.bet_id);
  const revealed = JSON.parse(game.revealed) as number[];
  const open = game.status === 'open';
  return {
    gameId: game.bet_id,
    gameCode: 'SE0001',
    status: game.status,
    mines: game.mines,
    step: game.step,
    revealed,
    amount: centsToBrl(bet.amount),
    multiplier: open ? minesMultiplier(game.step, game.mines, edge) : Number(bet.multiplier),
    nextMultiplier:
      open && game.step < 25 - game.mines ? minesMultiplier(game.step + 1, game.mines, edge) : null,
    payout: open ? 0 : centsToBrl(Number(bet.payout_cents)),
    outcome: open ? undefined : { mines: JSON.parse(game.mine_tiles) as number[] },
    fairness: { serverSeedHash: bet.server_seed_hash, clientSeed: bet.client_seed, nonce: bet.nonce },
    balance: centsToBrl((await playerBalances(trx, game.user_id)).user_cash),
  };
}

/** Starts a game: stake debited, board fixed by the seeds. One open game per player. */
export async function startMines(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  input: { amount: unknown; mines: number },
) {
  const amount = stakeCents(input.amount);
  const settings = await gameSettings(trx, 'mines');
  checkStake(settings, amount, 0);
  const seeds = await seedsFor(trx, userId, true);
  if ((await openMinesGameId(trx, userId)) !== undefined) throw new AppError(409, 'minesOpenGame');
  const mineTiles = minesFromFloats(
    floats(seeds.server_seed, seeds.client_seed, seeds.nonce, 24),
    input.mines,
  );
  const betId = newBetId();
  const { bonusPart } = await stakeBet(trx, {
    userId,
    betId,
    amountCents: amount,
    book: 'casino',
    key: `stake:${betId}`,
    kind: 'bet_stake',
  });
  await setSeedNonce(trx, userId, seeds.nonce + 1);
  await insertOpenBet(trx, {
    id: betId,
    userId,
    game: 'mines',
    amountCents: amount,
    bonusCents: bonusPart,
    params: JSON.stringify({ mines: input.mines }),
    serverSeedHash: seeds.server_seed_hash,
    clientSeed: seeds.client_seed,
    nonce: seeds.nonce,
  });
  await insertMinesGame(trx, {
    betId,
    userId,
    mines: input.mines,
    mineTiles: JSON.stringify(mineTiles),
  });
  return view(trx, await lockGame(trx, userId, betId), settings.edge);
}

/** Ends a game once: `busted` pays nothing; `cashed` pays the current multiplier (or refunds at 0 gems). */
async function finish(
  ctx: AppContext,
  trx: Trx,
  game: MinesGameRow,
  status: 'busted' | 'cashed',
  edge: number,
  maxPayoutCents: number,
) {
  // The player's row before the bet's payout is written: the payout moves the player's net-loss
  // bucket of the hour (migration 021's trigger), which the player's other bets write while they
  // hold that row; taken after it, a bet placed meanwhile and this game waited on each other.
  await lockPlayer(trx, game.user_id);
  const bet = await betOf(trx, game.bet_id);
  const multiplier = status === 'busted' ? 0 : minesMultiplier(game.step, game.mines, edge);
  const payout = status === 'busted' ? 0 : Math.min(payoutCents(bet.amount, multiplier), maxPayoutCents);
  await endMinesGame(trx, game.bet_id, status);
  await settleMinesBet(trx, game.bet_id, {
    payoutCents: payout,
    multiplier,
    outcome: JSON.stringify({ mines: JSON.parse(game.mine_tiles), revealed: JSON.parse(game.revealed) }),
  });
  // Played once a gem was revealed (or a mine hit); cashed at no gem is the stake back, no wager.
  const refunded = status === 'cashed' && game.step === 0;
  await countWager(ctx, trx, {
    userId: game.user_id,
    betId: game.bet_id,
    book: 'casino',
    wagerCents: refunded ? 0 : bet.amount,
  });
  await payBet(trx, {
    userId: game.user_id,
    betId: game.bet_id,
    amountCents: payout,
    stakeCents: bet.amount,
    bonusPart: bet.bonus,
    book: 'casino',
    key: `payout:${game.bet_id}`,
    kind: 'mines_payout',
  });
  return { ...game, status };
}

/** Reveals one tile, checked against the expected step. */
export async function revealMines(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  input: { gameId: string; tile: number; step: number },
) {
  const settings = await gameSettings(trx, 'mines');
  let game = await lockGame(trx, userId, input.gameId);
  if (game.status !== 'open') throw new AppError(409, 'minesNotOpen');
  if (game.step !== input.step) throw new AppError(409, 'minesStepMismatch');
  const revealed = JSON.parse(game.revealed) as number[];
  if (revealed.includes(input.tile)) throw badRequest('minesTileInvalid');
  const mineTiles = JSON.parse(game.mine_tiles) as number[];
  const hit = mineTiles.includes(input.tile);
  revealed.push(input.tile);
  game = { ...game, revealed: JSON.stringify(revealed), step: hit ? game.step : game.step + 1 };
  await recordReveal(trx, game.bet_id, game.revealed, game.step);
  if (hit) game = await finish(ctx, trx, game, 'busted', settings.edge, settings.maxPayoutCents);
  else if (game.step === 25 - game.mines)
    game = await finish(ctx, trx, game, 'cashed', settings.edge, settings.maxPayoutCents);
  return { mine: hit, tile: input.tile, ...(await view(trx, game, settings.edge)) };
}

/** Cashes out after at least one gem; a game already cashed answers its result again. */
export async function cashoutMines(ctx: AppContext, trx: Trx, userId: number, gameId: string) {
  const settings = await gameSettings(trx, 'mines');
  let game = await lockGame(trx, userId, gameId);
  if (game.status === 'cashed') return view(trx, game, settings.edge);
  if (game.status !== 'open') throw new AppError(409, 'minesNotOpen');
  if (game.step < 1) throw badRequest('minesNoGem');
  game = await finish(ctx, trx, game, 'cashed', settings.edge, settings.maxPayoutCents);
  return view(trx, game, settings.edge);
}

/** The open game of a player, for `inPlay` (null when none). */
export async function openMines(trx: Trx, userId: number) {
  const gameId = await openMinesGameId(trx, userId);
  if (gameId === undefined) return null;
  const settings = await gameSettings(trx, 'mines');
  return view(trx, await lockGame(trx, userId, gameId), settings.edge);
}

/**
 * Settles an open game by the published rule (`stopGame`, idle timeout): the better of a refund
 * (no gem yet: the stake back) and the current cash-out.
 */
export async function settleOpenMines(ctx: AppContext, trx: Trx, userId: number): Promise<boolean> {
  const gameId = await openMinesGameId(trx, userId);
  if (gameId === undefined) return false;
  const settings = await gameSettings(trx, 'mines');
  const game = await lockGame(trx, userId, gameId);
  if (game.status !== 'open') return false;
  await finish(ctx, trx, game, 'cashed', settings.edge, settings.maxPayoutCents);
  return true;
}

/** Players whose open game has had no move for the idle window. */
export async function idleMinesPlayers(ctx: AppContext): Promise<number[]> {
  return idleMinesPlayerIds(ctx.db, new Date(Date.now() - ctx.config.file.games.minesIdleMinutes * 60_000));
}

/** Settles every Mines game idle past the window (a background loop runs this). */
export async function settleIdleMines(ctx: AppContext): Promise<number> {
  let settled = 0;
  for (const userId of await idleMinesPlayers(ctx)) {
    if (await ctx.db.transaction().execute((trx) => settleOpenMines(ctx, trx, userId))) settled++;
  }
  return settled;
}
