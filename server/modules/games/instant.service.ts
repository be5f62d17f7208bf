import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { sql } from 'kysely';
import { accountCode, playerBalances, type Trx } from '../wallet/ledger';
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
import { checkStake, settingsFromRow, type GameKey } from './settings';
import { seedsFor } from './seeds';
import { creditPayout, debitStake, newBetId, type BetSnapshot } from './bet-money';

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
 * Takes the next nonce of the player's seed pair, locks the wallet and counts the wager, with the
 * game's settings, in one statement: the seed row's lock is what serialises a player's bets, so
 * each nonce is used once; a refused bet rolls all of it back with its transaction. Creates the
 * pair on a first bet.
 */
async function claimBet(trx: Trx, userId: number, game: GameKey, amountCents: number) {
  const cash = accountCode({ kind: 'user_cash', userId });
  const bonus = accountCode({ kind: 'user_bonus', userId });
  const claim = () =>
    sql<{
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
      cash: string;
      bonus: string;
      stop: boolean;
      min_bet_cents: string;
      max_bet_cents: string;
      max_payout_cents: string;
      edge: string;
      level: number;
      wagered_cents: string;
      turnover_required_cents: string;
      username: string;
    }>`
      with seeds as (
        update player_seeds set nonce = nonce + 1 where user_id = ${userId}
        returning server_seed, server_seed_hash, client_seed, nonce - 1 as nonce
      ), wallet as (
        select code, balance from ledger_accounts where code in (${cash}, ${bonus}) for update
      ), wager as (
        update users set wagered_cents = wagered_cents + ${amountCents}
         where id = ${userId} and exists (select 1 from seeds)
        returning level, wagered_cents, turnover_required_cents, username
      )
      select s.server_seed, s.server_seed_hash, s.client_seed, s.nonce,
             coalesce((select balance from wallet where code = ${cash}), 0) as cash,
             coalesce((select balance from wallet where code = ${bonus}), 0) as bonus,
             g.stop, g.min_bet_cents, g.max_bet_cents, g.max_payout_cents, g.edge,
             w.level, w.wagered_cents, w.turnover_required_cents, w.username
        from seeds s cross join wager w cross join game_settings g
       where g.game = ${game}`.execute(trx);
  // The player's row first, as every money transaction takes it (bet-money.ts lockWallet): the
  // statement below takes the accounts and the row in no set order, which deadlocked with a
  // deposit credited at the same moment.
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  let { rows } = await claim();
  if (rows.length === 0) {
    await seedsFor(trx, userId);
    ({ rows } = await claim());
  }
  const row = rows[0];
  if (!row) throw new Error(`no settings for game ${game}`);
  return {
    seeds: {
      server_seed: row.server_seed,
      server_seed_hash: row.server_seed_hash,
      client_seed: row.client_seed,
      nonce: Number(row.nonce),
    },
    wallet: { cashCents: Number(row.cash), bonusCents: Number(row.bonus) },
    settings: settingsFromRow(game, row),
    wager: row,
  };
}

/**
 * Places and settles an instant bet in the caller's transaction: the nonce is claimed under the
 * seed row's lock, the stake and any payout are ledger transactions keyed by the bet. Returns the
 * API answer and the snapshot its announcement needs.
 */
export async function playInstant(ctx: AppContext, trx: Trx, userId: number, input: InstantInput) {
  const amount = stakeCents(input.amount);
  const { seeds, wallet, settings, wager } = await claimBet(trx, userId, input.game, amount);
  const { multiplier } = terms(input, settings.edge);
  checkStake(settings, amount, payoutCents(amount, multiplier));

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
  const stake = await debitStake(ctx, trx, userId, betId, amount, { wallet, wager });
  const snapshot: BetSnapshot | undefined = await creditPayout(
    trx,
    userId,
    betId,
    payout,
    amount,
    stake.bonusPart,
    'bet_payout',
    stake.snapshot,
  );
  const params = { ...input, amount: undefined };
  await trx
    .insertInto('bets')
    .values({
      id: betId,
      user_id: userId,
      game: input.game,
      amount_cents: amount,
      bonus_cents: stake.bonusPart,
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
  const cashCents = snapshot?.cashCents ?? (await playerBalances(trx, userId)).user_cash;
  return {
    answer: {
      betId,
      gameCode: gameCodeOf(input.game),
      amount: centsToBrl(amount),
      multiplier: win ? multiplier : 0,
      payout: centsToBrl(payout),
      win,
      balance: centsToBrl(cashCents),
      outcome,
      fairness: { serverSeedHash: seeds.server_seed_hash, clientSeed: seeds.client_seed, nonce: seeds.nonce },
    },
    snapshot,
  };
}
