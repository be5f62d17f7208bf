import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context';
import type { Trx } from '../../infra/db/connection';
import { insufficientFunds, INSUFFICIENT_FUNDS_STATE } from './ledger';
import type { Wallet } from './lock-order';
import { applyVipUpgrades, vipDue } from './vip';

/**
 * The money of a bet, from TypeScript. Each rule lives once, in the database (migration 021):
 * `wallet_lock` (the lock order), `bet_stake` (cash first, then bonus), `bet_pay` (winnings back to
 * the wallets the stake came from, in proportion) and `wager_set` (what a settled bet counts toward
 * wagering), with `bonus_release` (migration 044: bonus turned into cash once wagered) inside the
 * last two. Instant bets call them inside `play_instant`; Mines, the shared rounds and the
 * sportsbook call them here, in their own transaction.
 */

/** A new bet id: B + date + 12 hex digits. */
export function newBetId(): string {
  return `B${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * What a bet leaves behind for its announcement: the balances after it and the turnover figures,
 * so the socket events need no second read. Absent when a VIP upgrade moved money meanwhile.
 */
export interface BetSnapshot extends Wallet {
  username: string;
  turnoverRequiredCents: number;
  wageredCents: number;
}

/** Which book a bet belongs to: its house account, and its table for wagering. */
export type Book = 'casino' | 'sports';
const HOUSE: Record<Book, string> = { casino: 'house_game', sports: 'house_sports' };

/** The one row a money function answers (its OUT parameters, migration 039). */
async function call<T>(trx: Trx, query: RawBuilder<T>): Promise<T> {
  try {
    return (await query.execute(trx)).rows[0]!;
  } catch (err) {
    if ((err as { code?: string }).code === INSUFFICIENT_FUNDS_STATE) throw insufficientFunds();
    throw err;
  }
}

/**
 * Debits a stake (`bet_stake`), keyed `key`, to the book's house account. Returns the part paid
 * with bonus and what the announcement shows after it; 402 / 9999 when the wallet cannot pay.
 */
export async function stakeBet(
  trx: Trx,
  bet: { userId: number; betId: string; amountCents: number; book: Book; key: string; kind: string },
): Promise<{ bonusPart: number; snapshot: BetSnapshot }> {
  const result = await call(
    trx,
    sql<{
      status: string;
      bonus_part: number | string;
      cash: number | string;
      bonus: number | string;
      username: string;
      wagered_cents: number | string;
      turnover_required_cents: number | string;
    }>`select * from bet_stake(${bet.userId}, ${bet.amountCents}, ${bet.key}, ${bet.kind}, ${bet.betId},
      ${HOUSE[bet.book]})`,
  );
  if (result.status !== 'ok') throw insufficientFunds();
  return {
    bonusPart: Number(result.bonus_part),
    snapshot: {
      cashCents: Number(result.cash),
      bonusCents: Number(result.bonus),
      username: result.username,
      wageredCents: Number(result.wagered_cents),
      turnoverRequiredCents: Number(result.turnover_required_cents),
    },
  };
}

/**
 * Pays `amountCents` from the book's house account (`bet_pay`), keyed `key`, in proportion to how
 * the stake was paid. Returns the player's balances after it, null for a wallet it did not change.
 */
export async function payBet(
  trx: Trx,
  bet: {
    userId: number;
    betId: string;
    amountCents: number;
    stakeCents: number;
    bonusPart: number;
    book: Book;
    key: string;
    kind: string;
  },
): Promise<{ cashCents: number | null; bonusCents: number | null }> {
  if (bet.amountCents <= 0) return { cashCents: null, bonusCents: null };
  const result = await call(
    trx,
    sql<{ cash: number | string | null; bonus: number | string | null }>`
      select * from bet_pay(${bet.userId}, ${bet.amountCents}, ${bet.stakeCents}, ${bet.bonusPart},
        ${bet.key}, ${bet.kind}, ${bet.betId}, ${HOUSE[bet.book]})`,
  );
  const cents = (value: number | string | null) => (value === null ? null : Number(value));
  return { cashCents: cents(result.cash), bonusCents: cents(result.bonus) };
}

/** The player's figures after a wager was counted. */
export interface Counted {
  level: number;
  wageredCents: number;
  turnoverRequiredCents: number;
  username: string;
}

/**
 * Sets what a settled bet counts toward wagering (`wager_set`): its stake when it was played, less
 * what was refunded, nothing when it was refunded whole; a correction moves the player's total by
 * the difference. A VIP level the count reaches is awarded in the same transaction. Returns the
 * figures after, or null when the upgrade moved the balances.
 */
export async function countWager(
  ctx: AppContext,
  trx: Trx,
  bet: { userId: number; betId: string; book: Book; wagerCents: number },
): Promise<Counted | null> {
  const r = await call(
    trx,
    sql<{
      changed: boolean;
      level: number;
      wagered_cents: number | string;
      turnover_required_cents: number | string;
      username: string;
    }>`select * from wager_set(${bet.userId}, ${bet.book}, ${bet.betId}, ${bet.wagerCents})`,
  );
  if (r.changed && vipDue(ctx.config.file.vip, Number(r.level), Number(r.wagered_cents))) {
    await applyVipUpgrades(trx, ctx.config.file.vip, bet.userId, ctx.config.file.turnover.bonus);
    return null;
  }
  return {
    level: Number(r.level),
    wageredCents: Number(r.wagered_cents),
    turnoverRequiredCents: Number(r.turnover_required_cents),
    username: r.username,
  };
}
