import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { offerDeadlinesOf, paidDepositCount } from './deposits.repository';

/**
 * The first- and second-deposit offers of `paypackage` (spec 3, payments.md): the first opens at
 * sign-up until the first deposit or its deadline; the second opens with the first deposit until
 * the second deposit or its deadline. `fcCountdown` is the seconds left.
 */
export interface Offer {
  fcOpen: boolean;
  fcCountdown: number;
}

export interface Offers {
  FPDATA: Offer;
  FCDATA: Offer;
}

const closed: Offer = { fcOpen: false, fcCountdown: 0 };

function offer(open: boolean, deadline: Date | string | null, now: number): Offer {
  if (!open || !deadline) return closed;
  const seconds = Math.floor((new Date(deadline).getTime() - now) / 1000);
  return seconds > 0 ? { fcOpen: true, fcCountdown: seconds } : closed;
}

export async function offersOf(db: Db | Trx, userId: number, now = Date.now()): Promise<Offers> {
  const user = await offerDeadlinesOf(db, userId);
  if (user.test_flag === 1) return { FPDATA: closed, FCDATA: closed };
  const deposits = await paidDepositCount(db, userId);
  return {
    FPDATA: offer(deposits === 0, user.fp_expires_at, now),
    FCDATA: offer(deposits === 1, user.fc_expires_at, now),
  };
}

/** The deposit discount of `userInfo.payDiscount`: a fraction and its ISO expiry, or none. */
export function payDiscountOf(
  user: { pay_discount: string | number; pay_discount_expires_at: Date | string | null },
  now = Date.now(),
): { discount: number; expiredTime: string | null } {
  const discount = Number(user.pay_discount);
  const expires = user.pay_discount_expires_at ? new Date(user.pay_discount_expires_at) : null;
  if (discount <= 0 || !expires || expires.getTime() <= now) return { discount: 0, expiredTime: null };
  return { discount, expiredTime: expires.toISOString() };
}

/**
 * The offers and the deposit discount as the profile allows them: under `br-regulated` none, since
 * any advantage conditioned on a deposit is barred (research/brazil.md §4.5, §4.9).
 */
export function depositAdvantagesAllowed(ctx: Pick<AppContext, 'config'>): boolean {
  return ctx.config.profile !== 'br-regulated';
}

/** `offersOf` for the running profile. */
export async function offersFor(ctx: AppContext, userId: number, now = Date.now()): Promise<Offers> {
  return depositAdvantagesAllowed(ctx) ? offersOf(ctx.db, userId, now) : { FPDATA: closed, FCDATA: closed };
}

/** `payDiscountOf` for the running profile. */
export function payDiscountFor(
  ctx: Pick<AppContext, 'config'>,
  user: Parameters<typeof payDiscountOf>[0],
  now = Date.now(),
): ReturnType<typeof payDiscountOf> {
  return depositAdvantagesAllowed(ctx) ? payDiscountOf(user, now) : { discount: 0, expiredTime: null };
}
