import { lockWallet as lockPlayerWallet } from '../../platform/money/bet-money';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { insufficientFunds, post } from '../../platform/money/ledger';
import type { Trx } from '../../infra/db/connection';
import { applyVipUpgrades } from '../../platform/money/vip';

/**
 * Money of sports bets, all through the ledger's `post` in the caller's transaction
 * (ARCHITECTURE.md "Ledger"): stakes go to the sportsbook's house account, payouts and refunds come
 * back from it to the wallets the stake came from, and a correction reverses an earlier payout
 * with new postings rather than touching old ones.
 */

/** A sports bet id: S + the UTC date + 12 hex digits. */
export function newSportsBetId(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  return `S${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** Locks the player (row, then cash and bonus accounts) for the rest of the transaction and reads them. */
async function lockWallet(trx: Trx, userId: number): Promise<{ cash: number; bonus: number }> {
  const wallet = await lockPlayerWallet(trx, userId);
  return { cash: wallet.cashCents, bonus: wallet.bonusCents };
}

/**
 * Debits a stake, cash first and then bonus (payments.md), keyed by the bet. The wallet rows stay
 * locked until the transaction ends, so checks made after this call (the daily limit) see every
 * earlier bet of the player. Returns the part paid with bonus.
 */
export async function debitSportsStake(trx: Trx, userId: number, betId: string, stakeCents: number) {
  const wallet = await lockWallet(trx, userId);
  if (wallet.cash + wallet.bonus < stakeCents) throw insufficientFunds();
  const cashPart = Math.min(wallet.cash, stakeCents);
  const bonusPart = stakeCents - cashPart;
  await post(trx, {
    key: `sports-stake:${betId}`,
    kind: 'sports_stake',
    reference: betId,
    entries: [
      { account: { kind: 'user_cash', userId }, amountCents: -cashPart },
      { account: { kind: 'user_bonus', userId }, amountCents: -bonusPart },
      { account: { kind: 'house_sports' }, amountCents: stakeCents },
    ],
  });
  return { bonusPart };
}

/** Counts an accepted stake as wagered (turnover and VIP progress), as game bets do. */
export async function countSportsWager(ctx: AppContext, trx: Trx, userId: number, stakeCents: number) {
  const after = await trx
    .updateTable('users')
    .set({ wagered_cents: sql`wagered_cents + ${stakeCents}` })
    .where('id', '=', userId)
    .returning(['level', 'wagered_cents'])
    .executeTakeFirstOrThrow();
  const next = ctx.config.file.vip.find((row) => row.level === after.level + 1);
  if (next && Number(after.wagered_cents) >= Math.round(next.wagerSum * 100)) {
    await applyVipUpgrades(trx, ctx.config.file.vip, userId);
  }
}

/** The bonus part of an amount paid back on a bet staked partly with bonus (in proportion). */
const bonusShareOf = (amountCents: number, stakeCents: number, bonusCents: number) =>
  Math.floor((amountCents * bonusCents) / stakeCents);

export interface BetMoney {
  betId: string;
  userId: number;
  stakeCents: number;
  bonusCents: number;
}

/**
 * Pays `amountCents` from the house to the player under `key` (a payout, a refund of a refused
 * bet): once per key, whatever happens.
 */
export async function paySports(trx: Trx, bet: BetMoney, amountCents: number, key: string, kind: string) {
  if (amountCents <= 0) return;
  const bonusShare = bonusShareOf(amountCents, bet.stakeCents, bet.bonusCents);
  await post(trx, {
    key,
    kind,
    reference: bet.betId,
    entries: [
      { account: { kind: 'house_sports' }, amountCents: -amountCents },
      { account: { kind: 'user_cash', userId: bet.userId }, amountCents: amountCents - bonusShare },
      { account: { kind: 'user_bonus', userId: bet.userId }, amountCents: bonusShare },
    ],
  });
}

/**
 * Takes an earlier payout back (a corrected result). Money the player no longer has cannot be
 * taken — balances never go below zero — so what is missing is returned as a shortfall for the
 * operator to follow up. Bonus comes back from bonus first, the rest from cash.
 */
export async function reverseSports(
  trx: Trx,
  bet: BetMoney,
  amountCents: number,
  key: string,
): Promise<{ shortfallCents: number }> {
  if (amountCents <= 0) return { shortfallCents: 0 };
  const wallet = await lockWallet(trx, bet.userId);
  const wantBonus = bonusShareOf(amountCents, bet.stakeCents, bet.bonusCents);
  const fromBonus = Math.min(wantBonus, wallet.bonus);
  const fromCash = Math.min(amountCents - fromBonus, wallet.cash);
  const taken = fromBonus + fromCash;
  if (taken > 0) {
    await post(trx, {
      key,
      kind: 'sports_reversal',
      reference: bet.betId,
      entries: [
        { account: { kind: 'user_cash', userId: bet.userId }, amountCents: -fromCash },
        { account: { kind: 'user_bonus', userId: bet.userId }, amountCents: -fromBonus },
        { account: { kind: 'house_sports' }, amountCents: taken },
      ],
    });
  }
  return { shortfallCents: amountCents - taken };
}
