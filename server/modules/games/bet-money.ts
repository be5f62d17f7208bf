import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { accountCode, insufficientFunds, post, type Trx } from '../wallet/ledger';
import { applyVipUpgrades } from '../wallet/vip';
import { announceBalances } from '../users/users.service';
import { centsToBrl } from '../../../domain/money';

/** A new bet id: B + date + 12 hex digits. */
export function newBetId(): string {
  return `B${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * Debits a stake, cash first and then bonus (payments.md), to the house in one ledger
 * transaction keyed by the bet, and counts it as wagered. Returns the part paid with bonus.
 */
export async function debitStake(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  betId: string,
  amountCents: number,
) {
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('code', 'in', [
      accountCode({ kind: 'user_cash', userId }),
      accountCode({ kind: 'user_bonus', userId }),
    ])
    .forUpdate()
    .execute();
  const cash = Number(rows.find((r) => r.code.startsWith('user_cash'))?.balance ?? 0);
  const bonus = Number(rows.find((r) => r.code.startsWith('user_bonus'))?.balance ?? 0);
  if (cash + bonus < amountCents) throw insufficientFunds();
  const cashPart = Math.min(cash, amountCents);
  const bonusPart = amountCents - cashPart;
  await post(trx, {
    key: `stake:${betId}`,
    kind: 'bet_stake',
    reference: betId,
    entries: [
      { account: { kind: 'user_cash', userId }, amountCents: -cashPart },
      { account: { kind: 'user_bonus', userId }, amountCents: -bonusPart },
      { account: { kind: 'house_game' }, amountCents: amountCents },
    ],
  });
  const after = await trx
    .updateTable('users')
    .set({ wagered_cents: sql`wagered_cents + ${amountCents}` })
    .where('id', '=', userId)
    .returning(['level', 'wagered_cents'])
    .executeTakeFirstOrThrow();
  // A level can only be gained when this wager reaches the next level's wager threshold.
  const next = ctx.config.file.vip.find((row) => row.level === after.level + 1);
  if (next && Number(after.wagered_cents) >= Math.round(next.wagerSum * 100)) {
    await applyVipUpgrades(trx, ctx.config.file.vip, userId);
  }
  return { bonusPart };
}

/**
 * Pays a settled bet once (the ledger key names the bet): winnings return to the wallets the
 * stake came from, in proportion.
 */
export async function creditPayout(
  trx: Trx,
  userId: number,
  betId: string,
  payoutCents: number,
  stakeCents: number,
  bonusPart: number,
  kind = 'bet_payout',
) {
  if (payoutCents <= 0) return;
  const bonusShare = Math.floor((payoutCents * bonusPart) / stakeCents);
  await post(trx, {
    key: `payout:${betId}`,
    kind,
    reference: betId,
    entries: [
      { account: { kind: 'house_game' }, amountCents: -payoutCents },
      { account: { kind: 'user_cash', userId }, amountCents: payoutCents - bonusShare },
      { account: { kind: 'user_bonus', userId }, amountCents: bonusShare },
    ],
  });
}

/** A masked player name for the public feed: "jo***@e***". */
export function maskPlayer(username: string): string {
  const [local = '', domain = ''] = username.split('@');
  return `${local.slice(0, 2)}***@${domain.slice(0, 1)}***`;
}

/** After a bet commits: the player's balances, and the bet to everyone's live feed. */
export async function announceBet(
  ctx: AppContext,
  userId: number,
  feed: { game: string; amountCents: number; multiplier: number; payoutCents: number },
) {
  const { balances, username } = await announceBalances(ctx, userId);
  ctx.realtime.broadcast('bets.feed', {
    game: feed.game,
    player: maskPlayer(username),
    amount: centsToBrl(feed.amountCents),
    multiplier: feed.multiplier,
    payout: centsToBrl(feed.payoutCents),
  });
  return balances;
}
