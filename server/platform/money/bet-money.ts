import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { accountCode, insufficientFunds, post } from './ledger';
import type { Trx } from '../../infra/db/connection';
import { applyVipUpgrades } from './vip';

/** A new bet id: B + date + 12 hex digits. */
export function newBetId(): string {
  return `B${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** A player's cash and bonus balances in centavos. */
export interface Wallet {
  cashCents: number;
  bonusCents: number;
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

/** Locks a player's cash and bonus rows for the rest of the transaction and reads them. */
export async function lockWallet(trx: Trx, userId: number): Promise<Wallet> {
  // The one lock order of money: the player's row, then the player's accounts. Deposits, transfers,
  // withdrawals and bonuses lock the row first too; a bet that took the accounts first deadlocked
  // with a deposit credited at the same moment (found by the AT-05 kill loop).
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('code', 'in', [
      accountCode({ kind: 'user_cash', userId }),
      accountCode({ kind: 'user_bonus', userId }),
    ])
    .forUpdate()
    .execute();
  return {
    cashCents: Number(rows.find((r) => r.code.startsWith('user_cash'))?.balance ?? 0),
    bonusCents: Number(rows.find((r) => r.code.startsWith('user_bonus'))?.balance ?? 0),
  };
}

/** The wallet after a posting: the balances the ledger returned, the others unchanged. */
function walletAfter(userId: number, before: Wallet, balances: Record<string, number>): Wallet {
  return {
    cashCents: balances[accountCode({ kind: 'user_cash', userId })] ?? before.cashCents,
    bonusCents: balances[accountCode({ kind: 'user_bonus', userId })] ?? before.bonusCents,
  };
}

/** Counts a stake as wagered (turnover and VIP progress). */
function countWager(trx: Trx, userId: number, amountCents: number) {
  return trx
    .updateTable('users')
    .set({ wagered_cents: sql`wagered_cents + ${amountCents}` })
    .where('id', '=', userId)
    .returning(['level', 'wagered_cents', 'turnover_required_cents', 'username'])
    .executeTakeFirstOrThrow();
}

/**
 * Debits a stake, cash first and then bonus (payments.md), to the house in one ledger
 * transaction keyed by the bet, and counts it as wagered. Returns the part paid with bonus and the
 * snapshot after the stake. (Instant bets do the same in one database call: `play_instant`.)
 */
export async function debitStake(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  betId: string,
  amountCents: number,
): Promise<{ bonusPart: number; snapshot: BetSnapshot | undefined }> {
  const wallet = await lockWallet(trx, userId);
  if (wallet.cashCents + wallet.bonusCents < amountCents) throw insufficientFunds();
  const cashPart = Math.min(wallet.cashCents, amountCents);
  const bonusPart = amountCents - cashPart;
  const { balances } = await post(trx, {
    key: `stake:${betId}`,
    kind: 'bet_stake',
    reference: betId,
    entries: [
      { account: { kind: 'user_cash', userId }, amountCents: -cashPart },
      { account: { kind: 'user_bonus', userId }, amountCents: -bonusPart },
      { account: { kind: 'house_game' }, amountCents: amountCents },
    ],
  });
  const after = await countWager(trx, userId, amountCents);
  // A level can only be gained when this wager reaches the next level's wager threshold.
  const next = ctx.config.file.vip.find((row) => row.level === after.level + 1);
  if (next && Number(after.wagered_cents) >= Math.round(next.wagerSum * 100)) {
    await applyVipUpgrades(trx, ctx.config.file.vip, userId);
    return { bonusPart, snapshot: undefined };
  }
  return {
    bonusPart,
    snapshot: {
      ...walletAfter(userId, wallet, balances),
      username: after.username,
      turnoverRequiredCents: Number(after.turnover_required_cents),
      wageredCents: Number(after.wagered_cents),
    },
  };
}

/**
 * Pays a settled bet once (the ledger key names the bet): winnings return to the wallets the
 * stake came from, in proportion. Returns the snapshot updated by the payout.
 */
export async function creditPayout<S extends Wallet | undefined>(
  trx: Trx,
  userId: number,
  betId: string,
  payoutCents: number,
  stakeCents: number,
  bonusPart: number,
  kind = 'bet_payout',
  snapshot?: S,
): Promise<S | undefined> {
  if (payoutCents <= 0) return snapshot;
  const bonusShare = Math.floor((payoutCents * bonusPart) / stakeCents);
  const { balances } = await post(trx, {
    key: `payout:${betId}`,
    kind,
    reference: betId,
    entries: [
      { account: { kind: 'house_game' }, amountCents: -payoutCents },
      { account: { kind: 'user_cash', userId }, amountCents: payoutCents - bonusShare },
      { account: { kind: 'user_bonus', userId }, amountCents: bonusShare },
    ],
  });
  return snapshot && { ...snapshot, ...walletAfter(userId, snapshot, balances) };
}
