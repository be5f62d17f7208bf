import type { AppContext } from '../../platform/context';
import { notLoggedIn } from '../../infra/http/errors';
import type { UserInfo } from '../../../domain/schemas/user.schema';
import { balancesOf } from '../../platform/announcer';
import { centsToBrl } from '../../../domain/money';
import { offersFor, payDiscountFor } from '../wallet/offers';
import { depositSumCents } from '../../platform/money/vip';
import { referralTotals } from '../promo/referrals.service';
import { findUser, invitedPerLevel, lastPaidDeposit, paidWithdrawalsTotal } from './users.repository';

/** Deposits paid (sum and last) and withdrawals paid out, in BRL. */
async function depositTotals(ctx: AppContext, userId: number) {
  const [paid, last, withdrawn] = await Promise.all([
    depositSumCents(ctx.db, userId),
    lastPaidDeposit(ctx.db, userId),
    paidWithdrawalsTotal(ctx.db, userId),
  ]);
  return {
    sum: centsToBrl(paid),
    last: centsToBrl(Number(last?.amount_cents ?? 0)),
    withdrawn: centsToBrl(Number(withdrawn?.total ?? 0)),
  };
}

/** The full user-info entity of spec section 3 for one player. */
export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw notLoggedIn('loginAgain');
  const [balances, persons, offers, deposits, referrals] = await Promise.all([
    balancesOf(ctx, userId),
    invitedPerLevel(ctx.db, userId),
    offersFor(ctx, userId),
    depositTotals(ctx, userId),
    referralTotals(ctx, ctx.db, userId),
  ]);
  // Referral earnings per level: the commission earned on each level's wagers (issue 7, /share).
  const earned = referrals.map((l) => centsToBrl(l.commissionCents));
  const vip = ctx.config.file.vip;
  const next = vip.find((row) => row.level === user.level + 1) ?? vip[vip.length - 1]!;
  return {
    uId: user.id,
    name: user.name,
    username: user.username,
    email: user.username,
    ...balances,
    payAmount: deposits.last,
    level: user.level,
    header: user.header,
    yqm: user.yqm,
    time: new Date(user.created_at).toISOString(),
    extendInfo: user.extend_info,
    testFlag: user.test_flag,
    paySumAmount: deposits.sum,
    wdSumAmount: deposits.withdrawn,
    gameSumAmount: centsToBrl(Number(user.wagered_cents)),
    level1Amount: earned[0]!,
    level2Amount: earned[1]!,
    level3Amount: earned[2]!,
    level1Person: persons[0],
    level2Person: persons[1],
    level3Person: persons[2],
    nextlevel: { gameSumAmount: next.wagerSum, paySumAmount: next.depositSum },
    kyc: user.kyc,
    cpf: user.cpf,
    phone: user.phone,
    lx: user.lx,
    payDiscount: payDiscountFor(ctx, user),
    paypackage: offers,
  };
}
