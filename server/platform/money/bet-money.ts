import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Trx } from '../../infra/db/connection';
import { insufficientFunds, INSUFFICIENT_FUNDS_STATE } from './ledger';
import type { Wallet } from './lock-order';
import { applyVipUpgrades, vipDue } from './vip';

/**
 * The money of a bet, from TypeScript. Each rule lives once, in the database (migration 021):
 * `wallet_lock` (the lock order), `bet_stake` (cash first, then bonus), `bet_pay` (winnings back to
 * the wallets the stake came from, in proportion) and `wager_set` (what a settled bet counts toward
 * wagering). Instant bets call them inside `play_instant`; Mines, the shared rounds and the
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

async function call<T>(trx: Trx, query: ReturnType<typeof sql<{ result: T | string }>>): Promise<T> {
  try {
    const raw = (await query.execute(trx)).rows[0]!.result;
    return typeof raw === 'string' ? (JSON.parse(raw) as T) : raw;
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
  const result = await call<{
    status: string;
    bonus_part: number;
    cash: number;
    bonus: number;
    username: string;
    wagered_cents: number;
    turnover_required_cents: number;
  }>(
    trx,
    sql`select bet_stake(${bet.userId}, ${bet.amountCents}, ${bet.key}, ${bet.kind}, ${bet.betId},
      ${HOUSE[bet.book]}) as result`,
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
 * the stake was paid. Returns the balances it changed, by account code.
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
): Promise<Record<string, number>> {
  if (bet.amountCents <= 0) return {};
  const result = await call<{ balances: Record<string, string | number> }>(
    trx,
    sql`select bet_pay(${bet.userId}, ${bet.amountCents}, ${bet.stakeCents}, ${bet.bonusPart},
      ${bet.key}, ${bet.kind}, ${bet.betId}, ${HOUSE[bet.book]}) as result`,
  );
  return Object.fromEntries(Object.entries(result.balances).map(([code, cents]) => [code, Number(cents)]));
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
  const r = await call<{
    changed: boolean;
    level: number;
    wagered_cents: number;
    turnover_required_cents: number;
    username: string;
  }>(trx, sql`select wager_set(${bet.userId}, ${bet.book}, ${bet.betId}, ${bet.wagerCents}) as result`);
  if (r.changed && vipDue(ctx.config.file.vip, Number(r.level), Number(r.wagered_cents))) {
    await applyVipUpgrades(trx, ctx.config.file.vip, bet.userId);
    return null;
  }
  return {
    level: Number(r.level),
    wageredCents: Number(r.wagered_cents),
    turnoverRequiredCents: Number(r.turnover_required_cents),
    username: r.username,
  };
}
