import { sql, type Selectable } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { DepositOrdersTable } from '../../infra/db/schema';
import { bonusRequirementPlus } from '../../platform/money/bonus-requirement';

/**
 * The PIX deposits' queries (issue 17: SQL in the repository, rules in deposit.service.ts and
 * offers.ts): the orders, and the player's columns a deposit reads or moves (identity, discount,
 * turnover, the second-deposit offer).
 */

export type DepositOrderRow = Selectable<DepositOrdersTable>;

/** What a deposit needs of the player before a charge: the payer's CPF, KYC and the demo flag. */
export async function depositorOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['cpf', 'kyc', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The player's CPF, compared with the payer's when a charge is paid. */
export async function cpfOf(db: Db, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('cpf').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.cpf;
}

/** The player's deposit discount and its expiry (`users.pay_discount*`). */
export async function payDiscountRowOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['pay_discount', 'pay_discount_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The deadlines of the player's first- and second-deposit offers, with the demo flag. */
export async function offerDeadlinesOf(db: Db | Trx, userId: number) {
  return db
    .selectFrom('users')
    .select(['fp_expires_at', 'fc_expires_at', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * How many of the player's orders are paid (status 10), leaving out `exceptOrderId` when given
 * (the order being credited, which is not paid yet as far as its offer is concerned).
 */
export async function paidDepositCount(
  db: Db | Trx,
  userId: number,
  exceptOrderId?: string,
): Promise<number> {
  let query = db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', '10');
  if (exceptOrderId !== undefined) query = query.where('id', '!=', exceptOrderId);
  const paid = await query.executeTakeFirstOrThrow();
  return Number(paid.n);
}

/** Records a new order (status 00) for the charge the provider just created. */
export async function insertDepositOrder(
  trx: Trx,
  order: {
    id: string;
    userId: number;
    pkgId: string;
    curreny: string;
    amountCents: number;
    giftCents: number;
    txid: string;
    expiresAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('deposit_orders')
    .values({
      id: order.id,
      user_id: order.userId,
      pkg_id: order.pkgId,
      curreny: order.curreny,
      amount_cents: order.amountCents,
      gift_cents: order.giftCents,
      txid: order.txid,
      // The payment number the player sees is the charge's txid.
      pay_no: order.txid,
      expires_at: order.expiresAt,
    })
    .execute();
}

/** The order behind a provider charge, if Trevo made it. */
export async function orderByTxid(db: Db, txid: string): Promise<DepositOrderRow | undefined> {
  return db.selectFrom('deposit_orders').selectAll().where('txid', '=', txid).executeTakeFirst();
}

/** The player's own order; undefined for another player's (or no) order. */
export async function ownOrderRow(db: Db, userId: number, orderId: string) {
  return db
    .selectFrom('deposit_orders')
    .select(['id', 'txid', 'status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Closes an order still open (status 00) without money: expired, or paid a different amount.
 * An order already settled either way keeps its state.
 */
export async function closeOpenOrder(db: Db, orderId: string, note: string): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ status: '01', note })
    .where('id', '=', orderId)
    .where('status', '=', '00')
    .execute();
}

/**
 * Marks a paid order as sent back: status 01 with the payment's end-to-end id, which no later look
 * credits (settleCharge). True for the one call that marked it, which then asks for the refund.
 */
export async function markOrderReturned(
  db: Db | Trx,
  orderId: string,
  e2e: string,
  note: string,
): Promise<boolean> {
  const row = await db
    .updateTable('deposit_orders')
    .set({ status: '01', note, end_to_end_id: e2e })
    .where('id', '=', orderId)
    .where('status', 'in', ['00', '01'])
    .where('end_to_end_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Rewrites the note of an order marked as sent back (a refund pending, or done at last); only while
 * the order still carries this payment's id. The mark itself stays: the payment is never judged
 * again (settleCharge).
 */
export async function noteReturnedOrder(db: Db, orderId: string, e2e: string, note: string): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ note })
    .where('id', '=', orderId)
    .where('status', '=', '01')
    .where('end_to_end_id', '=', e2e)
    .execute();
}

/**
 * Marks an order paid (status 10) with the payment's end-to-end id. False when another call got
 * there first (already credited or sent back): the guard is what makes a payment credit once.
 */
export async function markOrderPaid(trx: Trx, orderId: string, e2e: string, paidAt: Date): Promise<boolean> {
  const row = await trx
    .updateTable('deposit_orders')
    .set({ status: '10', end_to_end_id: e2e, paid_at: paidAt })
    .where('id', '=', orderId)
    .where('status', 'in', ['00', '01'])
    .where('end_to_end_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Raises both turnovers a deposit brings, each from what the player has wagered now (wagers made
 * before the deposit do not count): `mainCents` for the cash, `bonusCents` for the bonus (whose
 * count also leaves out the stakes still open: bonusRequirementPlus).
 */
export async function addDepositTurnover(
  trx: Trx,
  userId: number,
  mainCents: number,
  bonusCents: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      turnover_required_cents: sql`greatest(turnover_required_cents, wagered_cents) + ${mainCents}`,
      bonus_turnover_required_cents: bonusRequirementPlus(bonusCents),
    })
    .where('id', '=', userId)
    .execute();
}

/** Opens the second-deposit offer until `expiresAt`, unless it was ever opened. */
export async function openSecondDepositOffer(trx: Trx, userId: number, expiresAt: Date): Promise<void> {
  await trx
    .updateTable('users')
    .set({ fc_expires_at: expiresAt })
    .where('id', '=', userId)
    .where('fc_expires_at', 'is', null)
    .execute();
}
