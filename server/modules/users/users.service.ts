import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { notLoggedIn } from '../../infra/http/errors';
import type { UserInfo } from '../../../domain/schemas/user.schema';
import { balancesOf } from '../../platform/announcer';
import { centsToBrl } from '../../../domain/money';
import { offersFor, payDiscountFor } from '../wallet/offers';
import { depositSumCents } from '../../platform/money/vip';
import { referralTotals } from '../promo/referrals.service';

/** Players invited at each of three levels (direct invitees, theirs, and theirs). */
async function referralCounts(ctx: AppContext, userId: number): Promise<[number, number, number]> {
  const row = await sql<{ l1: string; l2: string; l3: string }>`
    with l1 as (select id from users where referrer_id = ${userId}),
         l2 as (select id from users where referrer_id in (select id from l1)),
         l3 as (select id from users where referrer_id in (select id from l2))
    select (select count(*) from l1) as l1, (select count(*) from l2) as l2, (select count(*) from l3) as l3`.execute(
    ctx.db,
  );
  const r = row.rows[0]!;
  return [Number(r.l1), Number(r.l2), Number(r.l3)];
}

/** Deposits paid (sum and last) and withdrawals paid out, in BRL. */
async function depositTotals(ctx: AppContext, userId: number) {
  const [paid, last, withdrawn] = await Promise.all([
    depositSumCents(ctx.db, userId),
    ctx.db
      .selectFrom('deposit_orders')
      .select('amount_cents')
      .where('user_id', '=', userId)
      .where('status', '=', '10')
      .orderBy('paid_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('total'))
      .where('user_id', '=', userId)
      .where('status', '=', '10')
      .executeTakeFirst(),
  ]);
  return {
    sum: centsToBrl(paid),
    last: centsToBrl(Number(last?.amount_cents ?? 0)),
    withdrawn: centsToBrl(Number(withdrawn?.total ?? 0)),
  };
}

/** The full user-info entity of spec section 3 for one player. */
export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notLoggedIn('loginAgain');
  const [balances, persons, offers, deposits, referrals] = await Promise.all([
    balancesOf(ctx, userId),
    referralCounts(ctx, userId),
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
