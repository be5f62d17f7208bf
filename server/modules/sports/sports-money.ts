import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { post } from '../../platform/money/ledger';
import { countWager, payBet, stakeBet } from '../../platform/money/bet-money';
import { lockWallet } from '../../platform/money/lock-order';
import { BetResult } from '../../../domain/codes';
import { NO_ACTION_RESULTS } from '../../../domain/sports/settlement';
import type { Trx } from '../../infra/db/connection';
import { bonusReleasedSince, payoutBonusShare } from './sports-money.repository';

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

/**
 * Debits a stake, cash first and then bonus (`bet_stake`), keyed by the bet. The wallet rows stay
 * locked until the transaction ends, so checks made after this call (the daily limit) see every
 * earlier bet of the player. Returns the part paid with bonus. What it wagers counts when the bet
 * is settled (sportsWagerCents).
 */
export async function debitSportsStake(trx: Trx, userId: number, betId: string, stakeCents: number) {
  const { bonusPart } = await stakeBet(trx, {
    userId,
    betId,
    amountCents: stakeCents,
    book: 'sports',
    key: `sports-stake:${betId}`,
    kind: 'sports_stake',
  });
  return { bonusPart };
}

/**
 * What a sports bet counts toward wagering once settled (sportsbook and trust issues, "Wagering is
 * what was risked"): its stake when played — settled on its result or closed by a cash-out — less
 * what was refunded: nothing when every leg was void or pushed (a refund), half the stake for a
 * single settled half won or half lost (the other half pushed back), and nothing while it is open,
 * held, refused in its delay or cancelled.
 */
export function sportsWagerCents(bet: {
  state: string;
  kind: string;
  resultCode: number;
  stakeCents: number;
}): number {
  if (bet.state === 'cashed_out') return bet.stakeCents;
  if (bet.state !== 'settled') return 0;
  if (NO_ACTION_RESULTS.includes(bet.resultCode)) return 0;
  const halves: readonly number[] = [BetResult.halfWon, BetResult.halfLost];
  if (bet.kind === 'single' && halves.includes(bet.resultCode)) return Math.floor(bet.stakeCents / 2);
  return bet.stakeCents;
}

/** Sets what a sports bet counts toward wagering (countWager), from its state after a change. */
export async function countSportsWager(
  ctx: AppContext,
  trx: Trx,
  bet: { id: string; userId: number; state: string; kind: string; resultCode: number; stakeCents: number },
) {
  await countWager(ctx, trx, {
    userId: bet.userId,
    betId: bet.id,
    book: 'sports',
    wagerCents: sportsWagerCents(bet),
  });
}

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
  await payBet(trx, {
    userId: bet.userId,
    betId: bet.betId,
    amountCents,
    stakeCents: bet.stakeCents,
    bonusPart: bet.bonusCents,
    book: 'sports',
    key,
    kind,
  });
}

/**
 * Takes an earlier payout back (a corrected result). Money the player no longer has cannot be
 * taken — balances never go below zero — so what is missing is returned as a shortfall for the
 * operator to follow up. Bonus comes back from bonus first, the rest from cash; but when the
 * player's bonus was turned into cash after the payout (decision 92), its bonus share is cash now
 * and comes back from cash. `payoutKeys` are the ledger keys the bet was paid under.
 */
export async function reverseSports(
  trx: Trx,
  bet: BetMoney,
  amountCents: number,
  key: string,
  payoutKeys: string[],
): Promise<{ shortfallCents: number }> {
  if (amountCents <= 0) return { shortfallCents: 0 };
  const wallet = await lockWallet(trx, bet.userId);
  // Bonus comes back in the share it was paid in (payout_bonus_share), as far as the player has it.
  const wantBonus = (await bonusReleasedSince(trx, bet.userId, payoutKeys))
    ? 0
    : await payoutBonusShare(trx, amountCents, bet.stakeCents, bet.bonusCents);
  const fromBonus = Math.min(wantBonus, wallet.bonusCents);
  const fromCash = Math.min(amountCents - fromBonus, wallet.cashCents);
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
