import type { AppContext } from './context';
import type { Balances } from '../../domain/schemas/user.schema';
import { centsToBrl } from '../../domain/money';
import { playerBalances } from './money/ledger';

/**
 * What a player's sockets are told after money moved or the profile changed: balances
 * (`insBalance`, `freeBalance`), the turnover still to wager (`userBetAmount`) and the whole
 * profile (`updateUserInfo`, spec section 3). Every module announces through here; the profile
 * itself is built by the users module and reaches this layer as `ctx.profile` (wired in app.ts),
 * so nothing below the features imports them.
 */

/**
 * Balances of a player as the wire shows them (BRL): cash, bonus, and what can be staked now
 * (cash + bonus). The ledger is their only source.
 */
export async function balancesOf(ctx: AppContext, userId: number): Promise<Balances> {
  const b = await playerBalances(ctx.db, userId);
  return {
    balance: centsToBrl(b.user_cash),
    bonusBalance: centsToBrl(b.user_bonus),
    freeBalance: centsToBrl(b.user_cash + b.user_bonus),
  };
}

/** Pushes the fresh profile to every open socket of the player. */
export async function announceUserInfo(ctx: AppContext, userId: number): Promise<void> {
  ctx.realtime.emitToUser(userId, 'updateUserInfo', await ctx.profile.userInfo(userId));
}

/**
 * After money moved: the player's sockets get the balances (`insBalance`, `freeBalance`) and the
 * turnover still to wager (`userBetAmount`: the main multiple and the amount left). A caller that
 * has just read them inside its transaction passes them as `known`, saving two queries.
 */
export async function announceBalances(
  ctx: AppContext,
  userId: number,
  known?: {
    cashCents: number;
    bonusCents: number;
    username: string;
    turnoverRequiredCents: number;
    wageredCents: number;
  },
) {
  const balances = known
    ? {
        balance: centsToBrl(known.cashCents),
        bonusBalance: centsToBrl(known.bonusCents),
        freeBalance: centsToBrl(known.cashCents + known.bonusCents),
      }
    : await balancesOf(ctx, userId);
  const user = known
    ? {
        username: known.username,
        turnover_required_cents: known.turnoverRequiredCents,
        wagered_cents: known.wageredCents,
      }
    : await ctx.db
        .selectFrom('users')
        .select(['username', 'turnover_required_cents', 'wagered_cents'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
  ctx.realtime.emitToUser(userId, 'insBalance', { balance: balances.balance });
  ctx.realtime.emitToUser(userId, 'freeBalance', { freeBalance: balances.freeBalance });
  emitTurnover(ctx, userId, user);
  return { balances, username: user.username };
}

function emitTurnover(
  ctx: AppContext,
  userId: number,
  user: { turnover_required_cents: unknown; wagered_cents: unknown },
) {
  const remaining = Math.max(0, Number(user.turnover_required_cents) - Number(user.wagered_cents));
  ctx.realtime.emitToUser(userId, 'userBetAmount', {
    bouns: ctx.config.file.turnover.main,
    amount: centsToBrl(remaining),
  });
}

/**
 * A new socket learns the turnover still to wager (`userBetAmount`) at once. Balances are not
 * pushed here: the client reacts to a balance event with the low-balance offers (spec 8), which
 * must follow money moving, not a page load.
 */
export async function announceTurnover(ctx: AppContext, userId: number): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['turnover_required_cents', 'wagered_cents'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  emitTurnover(ctx, userId, user);
}
