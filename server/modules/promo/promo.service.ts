import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import { AppError } from '../../infra/http/errors';
import { centsToBrl } from '../../../domain/money';
import type { AgentRewards, Bonus, BonusList } from '../../../domain/schemas/promo.schema';
import { playerBalances, post } from '../../platform/money/ledger';
import type { Trx } from '../../infra/db/connection';
import { commissionRates, qualifiedInvitees, referralTotals } from './referrals.service';
import { lockPlayer } from '../../platform/money/lock-order';
import {
  addBonusTurnover,
  bonusCredits,
  insertReceipt,
  receiptsOf,
  testFlagOf,
  turnoverOf,
  type Receipt,
} from './promo.repository';

/**
 * Bonuses a player receives by hand (issue 7, `/bonuspage` and the home promo gift):
 * - the promo gift (`gift:<id>`): an amount from the operator configuration, once per player;
 * - agent rewards (`agent:<level>`): each agent level reached (enough direct invitees with a first
 *   deposit of at least the configured minimum) pays its reward once;
 * - the referral commission (`commission`): what the three levels of invitees' wagers earned, minus
 *   what was already received.
 * Deposit gifts and VIP upgrade awards are credited automatically when earned (deposit.service.ts,
 * vip.ts) and so never appear here: nothing is paid twice. Every credit goes from `promotions` to the
 * player's bonus wallet (ledger kind `promotion`, record type 141) and adds the bonus turnover
 * (design/payments.md), in one transaction with its `promo_receipts` row. Demo accounts and the
 * `br-regulated` profile (no bonuses, no referral earnings) get none.
 */

const MIN_COMMISSION_CENTS = 1;

const sumOf = (rows: Receipt[], kind: string) =>
  rows.filter((r) => r.kind === kind).reduce((acc, r) => acc + Number(r.amount_cents), 0);

/** Whether this player may receive promotions at all. */
async function eligible(ctx: AppContext, db: Db | Trx, userId: number): Promise<boolean> {
  if (ctx.config.profile !== 'seed') return false;
  return (await testFlagOf(db, userId)) === 0;
}

/** Everything the player can receive now, in centavos inside, BRL on the wire. */
export async function receivableBonuses(ctx: AppContext, db: Db | Trx, userId: number): Promise<Bonus[]> {
  if (!(await eligible(ctx, db, userId))) return [];
  const promo = ctx.config.file.promotions;
  const receipts = await receiptsOf(db, userId);
  const taken = new Set(receipts.map((r) => r.bonus_id));
  const list: Bonus[] = [];
  const giftCents = Math.round(promo.gift.amount * 100);
  if (giftCents > 0 && !taken.has(`gift:${promo.gift.id}`)) {
    list.push({ bonusId: `gift:${promo.gift.id}`, kind: 'gift', amount: centsToBrl(giftCents) });
  }
  const qualified = await qualifiedInvitees(db, userId, Math.round(promo.agent.minFirstDeposit * 100));
  for (const row of promo.agent.levels) {
    if (qualified >= row.invitees && !taken.has(`agent:${row.level}`)) {
      list.push({ bonusId: `agent:${row.level}`, kind: 'agent', amount: row.reward, level: row.level });
    }
  }
  const earned = (await referralTotals(ctx, db, userId)).reduce((acc, l) => acc + l.commissionCents, 0);
  const owed = earned - sumOf(receipts, 'commission');
  if (owed >= MIN_COMMISSION_CENTS)
    list.push({ bonusId: 'commission', kind: 'commission', amount: centsToBrl(owed) });
  return list;
}

/** True when the promo gift waits for the player (`userGift` → 1). */
export async function hasGift(ctx: AppContext, userId: number): Promise<boolean> {
  const list = await receivableBonuses(ctx, ctx.db, userId);
  return list.some((b) => b.kind === 'gift');
}

/** The id of the configured promo gift. */
export const giftBonusId = (ctx: AppContext) => `gift:${ctx.config.file.promotions.gift.id}`;

function referenceOf(bonus: Bonus): string {
  if (bonus.kind === 'gift') return 'Presente de boas-vindas';
  if (bonus.kind === 'agent') return `Recompensa de agente nível ${bonus.level}`;
  return 'Comissão de indicação';
}

/**
 * Credits one receivable bonus inside the caller's transaction (runIdempotent's). The player's row
 * is locked first, so two receives racing for the same player run one after the other: the second
 * finds the bonus taken (409) or, for the commission, nothing left to pay.
 */
export async function receiveBonus(ctx: AppContext, trx: Trx, userId: number, bonusId: string) {
  await lockPlayer(trx, userId);
  const receipts = await receiptsOf(trx, userId);
  const bonus = (await receivableBonuses(ctx, trx, userId)).find((b) => b.bonusId === bonusId);
  if (!bonus) {
    if (
      receipts.some((r) => r.bonus_id === bonusId) ||
      (bonusId === 'commission' && sumOf(receipts, 'commission') > 0)
    ) {
      throw new AppError(409, 'bonusAlreadyReceived');
    }
    throw new AppError(404, 'bonusUnavailable');
  }
  const amountCents = Math.round(bonus.amount * 100);
  const receiptId =
    bonus.kind === 'commission'
      ? `commission:${receipts.filter((r) => r.kind === 'commission').length + 1}`
      : bonus.bonusId;
  if (!(await insertReceipt(trx, { userId, bonusId: receiptId, kind: bonus.kind, amountCents }))) {
    throw new AppError(409, 'bonusAlreadyReceived');
  }
  const result = await post(trx, {
    key: `promo:${userId}:${receiptId}`,
    kind: 'promotion',
    reference: referenceOf(bonus),
    entries: [
      { account: { kind: 'promotions' }, amountCents: -amountCents },
      { account: { kind: 'user_bonus', userId }, amountCents: amountCents },
    ],
  });
  if (result.replayed) throw new AppError(409, 'bonusAlreadyReceived');
  // A bonus must be wagered `turnover.bonus` times before it turns into cash (payments.md).
  await addBonusTurnover(trx, userId, Math.round(amountCents * ctx.config.file.turnover.bonus));
  const bonusCents = result.balances[`user_bonus:${userId}`] ?? 0;
  return { bonusId: bonus.bonusId, amount: bonus.amount, bonusBalance: centsToBrl(bonusCents) };
}

/** `/bonuspage` and `/gamebouns`: receivable bonuses, recent bonus credits and the bonus turnover. */
export async function bonusOverview(ctx: AppContext, userId: number): Promise<BonusList> {
  const [list, history, balances, user] = await Promise.all([
    receivableBonuses(ctx, ctx.db, userId),
    bonusCredits(ctx.db, userId),
    playerBalances(ctx.db, userId),
    turnoverOf(ctx.db, userId),
  ]);
  return {
    list,
    history: history.map((r) => ({
      type: r.kind === 'vip_award' ? 14 : 141,
      source: r.kind === 'vip_award' ? 'vip' : r.kind === 'deposit_gift' ? 'deposit' : 'promotion',
      amount: centsToBrl(Number(r.amount)),
      createdAt: new Date(r.created_at).toISOString(),
      // A deposit gift's reference is the order id: the source names it well enough.
      detail: r.kind === 'deposit_gift' ? '' : r.reference,
    })),
    bonusBalance: centsToBrl(balances.user_bonus),
    turnoverMultiple: ctx.config.file.turnover.bonus,
    turnoverLeft: centsToBrl(
      Math.max(0, Number(user.bonus_turnover_required_cents) - Number(user.wagered_cents)),
    ),
  };
}

/** `/agentJl`: the reward levels and rates; with a player, the progress and the commission per level. */
export async function agentRewards(ctx: AppContext, userId: number | null): Promise<AgentRewards> {
  const promo = ctx.config.file.promotions;
  const regulated = ctx.config.profile !== 'seed';
  const base = {
    minFirstDeposit: promo.agent.minFirstDeposit,
    levels: regulated
      ? []
      : promo.agent.levels.map((l) => ({ level: l.level, invitees: l.invitees, reward: l.reward })),
    commissionRates: commissionRates(ctx),
  };
  if (userId === null) return { ...base, progress: null };
  const [qualified, totals, receipts] = await Promise.all([
    qualifiedInvitees(ctx.db, userId, Math.round(promo.agent.minFirstDeposit * 100)),
    referralTotals(ctx, ctx.db, userId),
    receiptsOf(ctx.db, userId),
  ]);
  const earned = totals.reduce((acc, l) => acc + l.commissionCents, 0);
  const received = sumOf(receipts, 'commission');
  return {
    ...base,
    progress: {
      qualified,
      received: receipts.filter((r) => r.kind === 'agent').map((r) => Number(r.bonus_id.split(':')[1])),
      byLevel: totals.map((l) => ({
        level: l.level,
        persons: l.persons,
        wagered: centsToBrl(l.wageredCents),
        profit: centsToBrl(l.commissionCents),
      })),
      commissionReceived: centsToBrl(received),
      commissionReceivable: centsToBrl(Math.max(0, earned - received)),
    },
  };
}
