import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { Trx } from '../wallet/ledger';
import { centsToBrl, parseAmount } from '../../../domain/money';
import { GAMES } from '../../../domain/codes';
import {
  floats,
  diceRollFromFloat,
  limboResultFromFloat,
  rowDoubleTileFromFloat,
} from '../../../domain/fairness/instant';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  diceChance,
  diceMultiplier,
  diceWins,
  doubleColor,
  doubleMultiplier,
  payoutCents,
  type DiceDirection,
  type DoubleColor,
} from '../../../domain/games/rules';
import { checkStake, gameSettings, type GameKey } from './settings';
import { seedsFor } from './seeds';
import { creditPayout, debitStake, newBetId } from './bet-money';
import { playerBalances } from '../wallet/ledger';

/** The stake of a bet in centavos, or a clear 400. */
export function stakeCents(amount: unknown): number {
  if (amount === undefined || amount === null || amount === '') throw badRequest('betAmountRequired');
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw badRequest('amountInvalid');
  return parsed.cents;
}

export const gameCodeOf = (game: GameKey) => GAMES.find((g) => g.gameNameEn.toLowerCase() === game)!.gameCode;

export type InstantInput =
  | { game: 'dice'; amount: unknown; target: number; direction: DiceDirection }
  | { game: 'limbo'; amount: unknown; target: number }
  | { game: 'rowdouble'; amount: unknown; color: DoubleColor };

/** Terms of the bet (multiplier if it wins) and the checks of its game. */
function terms(input: InstantInput, edge: number): { multiplier: number } {
  if (input.game === 'dice') {
    const target = Math.round(input.target * 100) / 100;
    if (target !== input.target) throw badRequest('diceTargetInvalid');
    const chance = diceChance(target, input.direction);
    if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) throw badRequest('diceTargetInvalid');
    return { multiplier: diceMultiplier(chance, edge) };
  }
  if (input.game === 'limbo') {
    const target = Math.round(input.target * 100) / 100;
    if (target !== input.target || target < LIMBO_MIN_TARGET || target > LIMBO_MAX_TARGET)
      throw badRequest('limboTargetInvalid');
    return { multiplier: target };
  }
  return { multiplier: doubleMultiplier(input.color) };
}

/**
 * Places and settles an instant bet in the caller's transaction: the seed row is locked so each
 * nonce is used once, the stake and any payout are ledger transactions keyed by the bet.
 */
export async function playInstant(ctx: AppContext, trx: Trx, userId: number, input: InstantInput) {
  const amount = stakeCents(input.amount);
  const settings = await gameSettings(trx, input.game);
  const { multiplier } = terms(input, settings.edge);
  checkStake(settings, amount, payoutCents(amount, multiplier));

  const seeds = await seedsFor(trx, userId, true);
  const [f] = floats(seeds.server_seed, seeds.client_seed, seeds.nonce, 1) as [number];
  let outcome: { roll: number } | { result: number } | { tile: number };
  let win: boolean;
  if (input.game === 'dice') {
    const roll = diceRollFromFloat(f);
    outcome = { roll };
    win = diceWins(roll, input.target, input.direction);
  } else if (input.game === 'limbo') {
    const result = limboResultFromFloat(f, settings.edge);
    outcome = { result };
    win = result >= input.target;
  } else {
    const tile = rowDoubleTileFromFloat(f);
    outcome = { tile };
    win = doubleColor(tile) === input.color;
  }
  const payout = win ? payoutCents(amount, multiplier) : 0;
  const betId = newBetId();
  const { bonusPart } = await debitStake(ctx, trx, userId, betId, amount);
  await creditPayout(trx, userId, betId, payout, amount, bonusPart);
  await trx
    .updateTable('player_seeds')
    .set({ nonce: seeds.nonce + 1 })
    .where('user_id', '=', userId)
    .execute();
  const params = { ...input, amount: undefined };
  await trx
    .insertInto('bets')
    .values({
      id: betId,
      user_id: userId,
      game: input.game,
      amount_cents: amount,
      bonus_cents: bonusPart,
      payout_cents: payout,
      multiplier: win ? multiplier : 0,
      status: 'settled',
      params: JSON.stringify(params),
      outcome: JSON.stringify(outcome),
      server_seed_hash: seeds.server_seed_hash,
      client_seed: seeds.client_seed,
      nonce: seeds.nonce,
      settled_at: new Date(),
    })
    .execute();
  const balances = await playerBalances(trx, userId);
  return {
    betId,
    gameCode: gameCodeOf(input.game),
    amount: centsToBrl(amount),
    multiplier: win ? multiplier : 0,
    payout: centsToBrl(payout),
    win,
    balance: centsToBrl(balances.user_cash),
    outcome,
    fairness: { serverSeedHash: seeds.server_seed_hash, clientSeed: seeds.client_seed, nonce: seeds.nonce },
  };
}
