import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../infra/http/errors';
import type { PspAdapter } from '../../platform/psp';
import { post } from '../../platform/money/ledger';
import type { Trx } from '../../infra/db/connection';
import { applyVipUpgrades } from '../../platform/money/vip';
import { lockPlayer, lockWallet } from '../../platform/money/lock-order';
import { assertDepositAllowed, depositRefusalAtPayment } from '../protection/protection.service';
import { depositAdvantagesAllowed, offersFor, payDiscountFor } from './offers';
import { announceBalances, announceUserInfo } from '../../platform/announcer';
import { CUSTOM_PACKAGE, type PackageVariant } from '../../../domain/schemas/wallet.schema';
import { readableBrl } from '../../../domain/money';
import {
  addDepositTurnover,
  closeOpenOrder,
  cpfOf,
  depositorOf,
  insertDepositOrder,
  markOrderPaid,
  markOrderReturned,
  noteReturnedOrder,
  openSecondDepositOffer,
  orderByTxid,
  ownOrderRow,
  paidDepositCount,
  payDiscountRowOf,
} from './deposits.repository';

/** Deposits over PIX (design/payments.md "Deposits"). */

export interface PriceItem {
  gift: number;
  pkgId: string;
  price: number;
  sort: number;
  curreny: string;
}

/** The packages of a `curreny` variant, ordered by `sort` (BRL when none is given). */
export function pricesOf(ctx: AppContext, variant: PackageVariant): PriceItem[] {
  const list = ctx.config.file.packages[variant] ?? [];
  return [...list].sort((a, b) => a.sort - b.sort).map((p) => ({ ...p, curreny: variant }));
}

function findPackage(ctx: AppContext, pkgId: string): PriceItem | undefined {
  for (const [variant, list] of Object.entries(ctx.config.file.packages)) {
    const pkg = list?.find((p) => p.pkgId === pkgId);
    if (pkg) return { ...pkg, curreny: variant };
  }
  return undefined;
}

/** A txid as API Pix wants it: 26–35 alphanumerics, unique per receiver. */
function newTxid(): string {
  return randomBytes(24).toString('base64url').replace(/[-_]/g, '').padEnd(32, '0').slice(0, 32);
}

function newOrderId(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `D${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

export interface PrePayPlan {
  pkg: PriceItem;
  txid: string;
  userId: number;
  cpf: string;
  wantsGift: boolean;
}

/**
 * A deposit of the player's own amount: plain BRL, no bonus, within the configured range. Whole
 * centavos only (the schema allows at most two decimals).
 */
export function customPackage(ctx: AppContext, amount: number | undefined): PriceItem {
  const { minAmount, maxAmount } = ctx.config.file.deposit;
  if (amount === undefined) throw badRequest('depositAmountInvalid');
  if (amount < minAmount || amount > maxAmount) {
    throw badRequest('depositAmountRange', { min: readableBrl(minAmount), max: readableBrl(maxAmount) });
  }
  return { pkgId: CUSTOM_PACKAGE, price: amount, gift: 0, sort: 0, curreny: 'BRL' };
}

/** Checks the player may deposit this package (or amount) and returns what the charge needs. */
export async function planDeposit(
  ctx: AppContext,
  userId: number,
  pkgId: string,
  wantsGift: boolean,
  amount?: number,
): Promise<PrePayPlan> {
  const pkg = pkgId === CUSTOM_PACKAGE ? customPackage(ctx, amount) : findPackage(ctx, pkgId);
  if (!pkg) throw new AppError(404, 'packageUnknown');
  if (pkgId !== CUSTOM_PACKAGE && amount !== undefined) throw badRequest('invalidInput');
  const user = await depositorOf(ctx.db, userId);
  if (user.test_flag === 1) throw forbidden('demoNoRealMoney');
  if (user.kyc !== 1) throw new AppError(400, 'kycRequired');
  // Offer packages are sold only while their offer is open.
  const offers = await offersFor(ctx, userId);
  if (pkg.curreny === 'BTBRL' && !offers.FPDATA.fcOpen) throw new AppError(400, 'offerClosed');
  if (pkg.curreny === 'FCBRL' && !offers.FCDATA.fcOpen) throw new AppError(400, 'offerClosed');
  return { pkg, txid: newTxid(), userId, cpf: user.cpf, wantsGift };
}

/**
 * Creates the provider charge (outside any database transaction: it is a network call). A provider
 * that fails or does not answer in time is the player's "try again" (503, not stored under the
 * key, so the same key may try again), not an internal error: nothing was recorded.
 */
export async function createCharge(ctx: AppContext, psp: PspAdapter, plan: PrePayPlan) {
  try {
    return await psp.createCharge({
      txid: plan.txid,
      amountCents: Math.round(plan.pkg.price * 100),
      payerCpf: plan.cpf,
      expiresInSeconds: ctx.config.file.deposit.chargeTtlSeconds,
    });
  } catch (err) {
    ctx.log.error({ err, psp: psp.name, txid: plan.txid }, 'payment provider failed to create a charge');
    throw new AppError(503, 'serviceUnavailable');
  }
}

/** Records the order in the caller's transaction and returns the prepay answer of spec 3. */
export async function recordOrder(
  ctx: AppContext,
  trx: Trx,
  plan: PrePayPlan,
  charge: { txid: string; checkoutUrl: string; expiresAt: Date },
) {
  const orderId = newOrderId();
  const amountCents = Math.round(plan.pkg.price * 100);
  // The deposit limits again, under the player's row lock: requests that raced past the early check
  // (before the provider's charge, outside any transaction) are counted here one at a time.
  await lockWallet(trx, plan.userId);
  await assertDepositAllowed(ctx, plan.userId, amountCents, trx);
  const giftAllowed = depositAdvantagesAllowed(ctx) && plan.wantsGift;
  await insertDepositOrder(trx, {
    id: orderId,
    userId: plan.userId,
    pkgId: plan.pkg.pkgId,
    curreny: plan.pkg.curreny,
    amountCents,
    giftCents: giftAllowed ? Math.round(plan.pkg.gift * 100) : 0,
    txid: charge.txid,
    expiresAt: charge.expiresAt,
  });
  return { orderId, payNo: charge.txid, url: charge.checkoutUrl };
}

/** The note of an order sent back whose refund the provider has not confirmed: `…: <reason>`. */
const REFUND_PENDING = 'devolução pendente: ';

/** Whether an order sent back still waits for its refund (reconciliation reads it as unsettled). */
export const refundPending = (order: { note: string }) => order.note.startsWith(REFUND_PENDING);

/**
 * Asks the provider to return a payment marked as sent back (`reason` is the order's note). If the
 * call fails, the order is noted as pending and the call is made again at the provider's next
 * notice (red-team review: a refund that failed once was never retried), reconciliation showing the
 * charge as paid and not credited meanwhile. The mark is never taken off: a call cut by the
 * deadline (TREVO_PSP_TIMEOUT_MS) may have been done at the provider all the same, and a payment
 * judged again could then be credited (the lock lifted, the limit's window passed) after its money
 * went back to the payer. Asked again, the refund keeps its id, so the provider makes it once.
 */
async function sendBack(
  ctx: AppContext,
  psp: PspAdapter,
  order: { id: string; note: string },
  e2e: string,
  amountCents: number,
) {
  const retry = refundPending(order);
  const reason = retry ? order.note.slice(REFUND_PENDING.length) : order.note;
  try {
    await psp.refund(e2e, amountCents);
  } catch (err) {
    if (!retry) await noteReturnedOrder(ctx.db, order.id, e2e, `${REFUND_PENDING}${reason}`);
    throw err;
  }
  if (retry) await noteReturnedOrder(ctx.db, order.id, e2e, reason);
}

export type SettleOutcome =
  'credited' | 'already' | 'pending' | 'expired' | 'unknown' | 'refunded' | 'mismatch';

/**
 * Settles the order behind `txid` from the provider's own view of the charge — the webhook only
 * says "look now". Credits once (the order's status change, the end-to-end id and the ledger
 * posting are one transaction); a charge paid from another CPF is refunded, never credited.
 */
export async function settleCharge(ctx: AppContext, psp: PspAdapter, txid: string): Promise<SettleOutcome> {
  const order = await orderByTxid(ctx.db, txid);
  if (!order) return 'unknown';
  if (order.status === '10') return 'already';
  // Paid and sent back (another payer, or a limit or exclusion at payment): never credited later,
  // and a refund still pending is asked for again.
  if (order.status === '01' && order.end_to_end_id) {
    if (refundPending(order)) {
      await sendBack(ctx, psp, order, order.end_to_end_id, Number(order.amount_cents));
    }
    return 'refunded';
  }
  const charge = await psp.getCharge(txid);
  if (!charge) return 'unknown';
  if (charge.status !== 'CONCLUIDA' || !charge.payment) {
    if (charge.status === 'ATIVA') return 'pending';
    await closeOpenOrder(ctx.db, order.id, 'expirado');
    return 'expired';
  }
  const amountCents = Number(order.amount_cents);
  const cpf = await cpfOf(ctx.db, order.user_id);
  if (charge.amountCents !== amountCents) {
    await closeOpenOrder(ctx.db, order.id, `valor divergente: ${charge.amountCents}`);
    return 'mismatch';
  }
  const e2e = charge.payment.endToEndId;
  if (charge.payment.payerCpf !== cpf) {
    const note = 'pagador diferente do titular: devolvido';
    if (await markOrderReturned(ctx.db, order.id, e2e, note)) {
      await sendBack(ctx, psp, { id: order.id, note }, e2e, amountCents);
    }
    return 'refunded';
  }
  const owner = await payDiscountRowOf(ctx.db, order.user_id);
  // An active deposit discount adds its fraction of the deposit to the bonus, like a gift.
  const discountCents = Math.floor(
    amountCents * payDiscountFor(ctx, owner, charge.payment.paidAt.getTime()).discount,
  );
  const credited = await ctx.db
    .transaction()
    .execute(async (trx): Promise<boolean | { returned: string }> => {
      // The player's row first: two charges paid at once are credited one after the other, so an
      // offer's gift goes to the one deposit its offer was open for (the first, or the second), and
      // the deposit limits count them one at a time.
      await lockPlayer(trx, order.user_id);
      const refusal = await depositRefusalAtPayment(trx, order.user_id, amountCents);
      if (refusal)
        return (await markOrderReturned(trx, order.id, e2e, refusal)) ? { returned: refusal } : false;
      const giftCents = (await offerGiftStands(trx, order))
        ? Number(order.gift_cents) + discountCents
        : discountCents;
      if (!(await markOrderPaid(trx, order.id, e2e, charge.payment!.paidAt))) return false;
      // Turnover: the deposit must be wagered (main multiple) before cash can leave, and a gift
      // (bonus multiple) before it turns into cash; wagers made before this deposit do not count.
      const turnover = ctx.config.file.turnover;
      await addDepositTurnover(
        trx,
        order.user_id,
        Math.round(amountCents * turnover.main),
        Math.round(giftCents * turnover.bonus),
      );
      await post(trx, {
        key: `pix:${e2e}`,
        kind: 'deposit',
        reference: order.id,
        entries: [
          { account: { kind: 'psp_clearing' }, amountCents: -amountCents },
          { account: { kind: 'user_cash', userId: order.user_id }, amountCents },
        ],
      });
      // The second-deposit offer opens with the first deposit.
      await openSecondDepositOffer(
        trx,
        order.user_id,
        new Date(Date.now() + ctx.config.file.offers.secondDepositHours * 3_600_000),
      );
      if (giftCents > 0) {
        await post(trx, {
          key: `pix-gift:${e2e}`,
          kind: 'deposit_gift',
          reference: order.id,
          entries: [
            { account: { kind: 'promotions' }, amountCents: -giftCents },
            { account: { kind: 'user_bonus', userId: order.user_id }, amountCents: giftCents },
          ],
        });
      }
      await applyVipUpgrades(trx, ctx.config.file.vip, order.user_id, ctx.config.file.turnover.bonus);
      return true;
    });
  if (typeof credited === 'object') {
    await sendBack(ctx, psp, { id: order.id, note: credited.returned }, e2e, amountCents);
    return 'refunded';
  }
  if (!credited) return 'already';
  await notifyCredit(ctx, order.user_id, order.id);
  return 'credited';
}

/**
 * Whether an order's gift still stands when its charge is paid. An offer package's gift is the
 * offer of one deposit: the first-deposit offer (BTBRL) only for the player's first paid deposit,
 * the second-deposit offer (FCBRL) only for the second. Orders made while the offer was open but
 * paid after another deposit are credited without it (red-team finding: three first-deposit
 * orders paid together each got the gift). Called under the player's row lock.
 */
async function offerGiftStands(trx: Trx, order: { id: string; user_id: number; curreny: string }) {
  const wanted = order.curreny === 'BTBRL' ? 0 : order.curreny === 'FCBRL' ? 1 : null;
  if (wanted === null) return true;
  return (await paidDepositCount(trx, order.user_id, order.id)) === wanted;
}

async function notifyCredit(ctx: AppContext, userId: number, orderId: string) {
  ctx.realtime.emitToUser(userId, 'paySuccess', { orderId, czflag: 1 });
  await announceBalances(ctx, userId);
  await announceUserInfo(ctx, userId);
}

/** The player's own order, or 404 (another player's order reveals nothing). */
export async function ownOrder(ctx: AppContext, userId: number, orderId: string) {
  const order = await ownOrderRow(ctx.db, userId, orderId);
  if (!order) throw notFound();
  return order;
}
