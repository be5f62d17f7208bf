import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import { AppError, badRequest, forbidden } from '../../infra/http/errors';
import { centsToBrl, parseAmount, plainBrl } from '../../../domain/money';
import { isValidCnpj, isValidCpf } from '../../../domain/identity';
import type { ApprovalOutcome } from '../../../domain/schemas/console-money.schema';
import {
  TRC20_ADDRESS,
  type CardInfo,
  type WithdrawLimits,
  type WithdrawMethod,
} from '../../../domain/schemas/wallet.schema';
import { playerBalances, post } from '../../platform/money/ledger';
import type { Trx } from '../../infra/db/connection';
import { announceUserInfo } from '../../platform/announcer';
import { lockPlayer } from '../../platform/money/lock-order';
import {
  approvalStateOf,
  endWithdrawal,
  hasOpenGame,
  insertWithdrawal,
  movedOutSince,
  payoutAccountsOf,
  queueApproved,
  recordFirstApproval,
  savePayoutAccount,
  transfersSentSince,
  withdrawerOf,
  withdrawnSince,
} from './withdrawals.repository';

/** Withdrawals (design/payments.md "Withdrawals"). */

/** Brazilian calendar day of `date` (the daily counts reset at midnight in São Paulo). */
function saoPauloDayStart(now = new Date()): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  // São Paulo has had no daylight saving time since 2019: UTC−3 all year.
  return new Date(`${day}T00:00:00-03:00`);
}

interface LimitFacts {
  limits: WithdrawLimits;
  minCents: number;
  wdCents: number;
  user: { cpf: string; lx: string; test_flag: number; kyc_review: string };
}

async function limitFacts(ctx: AppContext, db: Db | Trx, userId: number): Promise<LimitFacts> {
  const user = await withdrawerOf(db, userId);
  const cfg = ctx.config.file.withdraw;
  const vip = ctx.config.file.vip.find((row) => row.level === user.level) ?? ctx.config.file.vip[0]!;
  // Money sent to another player leaves like a withdrawal (the recipient may withdraw it), so it
  // counts against the same daily number and amount (red-team finding: transfers skipped both).
  const dayStart = saoPauloDayStart();
  const withdrawn = await withdrawnSince(db, userId, dayStart);
  const sent = await transfersSentSince(db, userId, dayStart);
  const today = {
    n: Number(withdrawn.n) + Number(sent.n),
    total: Number(withdrawn.total ?? 0) + Number(sent.total ?? 0),
  };
  const balances = await playerBalances(db, userId);
  const unlimited = vip.withdrawalsPerDay === 0;
  const left = unlimited ? Number.MAX_SAFE_INTEGER : Math.max(0, vip.withdrawalsPerDay - Number(today.n));
  const remainingTurnover = Math.max(0, Number(user.turnover_required_cents) - Number(user.wagered_cents));
  const dailyLeftCents = Math.max(0, Math.round(vip.withdrawalLimitPerDay * 100) - today.total);
  const wdCents =
    user.test_flag === 1 || remainingTurnover > 0 ? 0 : Math.min(balances.user_cash, dailyLeftCents);
  const saved = await payoutAccountsOf(db, userId);
  // A CNPJ key is someone else's as far as Trevo can tell (a company's partners are not checked,
  // and the identity form can name any valid CNPJ; red-team review): offered only where any key is.
  const channels: WithdrawMethod[] =
    ctx.config.profile !== 'br-regulated' && ctx.config.withdrawKeys === 'any' ? ['CPF', 'CNPJ'] : ['CPF'];
  if (user.lx === '20' && ctx.config.profile !== 'br-regulated') channels.push('USDT');
  const cardInfo: WithdrawLimits['cardInfo'] = { CHANNEL: channels };
  for (const s of saved) {
    const info: CardInfo = { ifsc: s.ifsc, payCardNo: s.account, name: s.holder_name, whatsapp: s.whatsapp };
    cardInfo[s.method as WithdrawMethod] = info;
  }
  return {
    user,
    minCents: Math.round(cfg.minAmount * 100),
    wdCents,
    limits: {
      limitAmount: cfg.minAmount,
      number: unlimited ? 9999 : left,
      unlimited,
      lock: await hasOpenGame(db, userId),
      wdAmount: centsToBrl(wdCents),
      usdtRate: cfg.usdtRate,
      serviceAmount: cfg.serviceFee,
      maxAmount: cfg.displayMax,
      cardInfo,
      cash: centsToBrl(balances.user_cash),
      turnoverRequired: centsToBrl(Number(user.turnover_required_cents)),
      turnoverLeft: centsToBrl(remainingTurnover),
      dailyLeft: centsToBrl(dailyLeftCents),
    },
  };
}

/** getWithdraw: the real limits of this player now. */
export async function withdrawLimits(
  ctx: AppContext,
  userId: number,
  db: Db | Trx = ctx.db,
): Promise<WithdrawLimits> {
  return (await limitFacts(ctx, db, userId)).limits;
}

export interface WithdrawRequest {
  payCardBank: WithdrawMethod;
  payCardNo: string;
  ifsc?: string;
  name?: string;
  amount?: unknown;
  whatsapp?: string;
}

/**
 * Money leaving a player above `withdraw.documentsAbove` in 24 hours waits for their identity
 * documents to be approved (issue 19). The window counts withdrawals asked for (unless refused)
 * and transfers sent, with this one: a sum split into pieces under the amount, or passed through
 * another account, is the same sum (red-team review). Runs under the player's row lock.
 */
export async function assertDocumentsFor(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  review: string,
  cents: number,
): Promise<void> {
  if (review === 'approved') return;
  const limit = Math.round(ctx.config.file.withdraw.documentsAbove * 100);
  const since = new Date(Date.now() - 86_400_000);
  if ((await movedOutSince(trx, userId, since)) + cents > limit) {
    throw badRequest('withdrawDocumentsRequired', { amount: plainBrl(limit / 100) });
  }
}

/**
 * Checks a withdrawal in the specification's order with its exact texts (section 5), then moves
 * the amount from cash to the withdrawal hold in the caller's transaction. The player's row is
 * locked first, so concurrent requests are checked one after another.
 */
export async function requestWithdrawal(ctx: AppContext, trx: Trx, userId: number, input: WithdrawRequest) {
  await lockPlayer(trx, userId);
  const { limits, minCents, wdCents, user } = await limitFacts(ctx, trx, userId);
  if (user.test_flag === 1) throw forbidden('demoNoWithdraw');
  if (limits.lock) throw badRequest('withdrawLocked');
  if (!limits.unlimited && limits.number <= 0) throw badRequest('withdrawNoneLeft');
  if (wdCents <= 0) throw badRequest('withdrawNothing');
  const empty = input.amount === undefined || input.amount === null || input.amount === '';
  const parsed = empty ? undefined : parseAmount(input.amount);
  if (parsed && !parsed.ok && parsed.reason === 'format') throw badRequest('amountInvalid');
  const cents = parsed?.ok ? parsed.cents : 0;
  if (empty || cents < minCents) throw badRequest('withdrawMin', { amount: plainBrl(minCents / 100) });
  if (cents > wdCents) throw badRequest('withdrawMax', { amount: plainBrl(wdCents / 100) });
  await assertDocumentsFor(ctx, trx, userId, user.kyc_review, cents);

  const method = input.payCardBank;
  const account = input.payCardNo.trim();
  if (!limits.cardInfo.CHANNEL.includes(method)) {
    throw badRequest(method === 'USDT' ? 'withdrawUsdtNotAllowed' : 'withdrawOwnCpfOnly');
  }
  const name = (input.name ?? '').trim();
  const whatsapp = (input.whatsapp ?? '').trim();
  if (method !== 'USDT' && !name) throw badRequest('withdrawNameRequired');
  if (!whatsapp) throw badRequest('withdrawWhatsappRequired');
  const validAccount =
    method === 'CPF'
      ? isValidCpf(account)
      : method === 'CNPJ'
        ? isValidCnpj(account)
        : TRC20_ADDRESS.test(account);
  if (!validAccount) throw badRequest('withdrawAccountInvalid');
  const digits = account.replace(/\D/g, '');
  // Only to the player's own CPF unless the operator allows any key (TREVO_WITHDRAW_KEYS=any; never
  // under br-regulated): a stolen account cannot send its balance to a stranger's PIX.
  if ((ctx.config.profile === 'br-regulated' || ctx.config.withdrawKeys === 'own') && method !== 'USDT') {
    if (method !== 'CPF' || digits !== user.cpf) throw badRequest('withdrawOwnCpfOnly');
  }
  const key = method === 'USDT' ? account : digits;
  // Spec 3: for CPF the ifsc value is the number; for USDT it is the rate.
  const ifsc =
    method === 'USDT'
      ? String(ctx.config.file.withdraw.usdtRate)
      : method === 'CPF'
        ? digits
        : (input.ifsc ?? digits);

  const feeCents = Math.floor(cents * ctx.config.file.withdraw.serviceFee);
  const needsApproval = cents > Math.round(ctx.config.file.withdraw.approvalThreshold * 100);
  // Fixed now, so a threshold changed later cannot lower what this withdrawal needs (decision 71).
  const approvalsRequired = !needsApproval
    ? 0
    : cents > Math.round(ctx.config.file.withdraw.secondApprovalThreshold * 100)
      ? 2
      : 1;
  const id = `W${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
  await insertWithdrawal(trx, {
    id,
    userId,
    method,
    account: key,
    holderName: name,
    whatsapp,
    ifsc,
    amountCents: cents,
    feeCents,
    payoutState: needsApproval ? 'waiting_approval' : 'queued',
    approvalsRequired,
  });
  await post(trx, {
    key: `withdraw-hold:${id}`,
    kind: 'withdrawal_hold',
    reference: id,
    entries: [
      { account: { kind: 'user_cash', userId }, amountCents: -cents },
      { account: { kind: 'withdrawal_hold', userId }, amountCents: cents },
    ],
  });
  await savePayoutAccount(trx, { userId, method, account: key, holderName: name, whatsapp, ifsc });
  return {
    id,
    status: '00',
    amount: centsToBrl(cents),
    fee: centsToBrl(feeCents),
    waitsForApproval: needsApproval,
  };
}

/** Ends a withdrawal: paid (hold → PSP and fees) or returned (hold → cash). Exactly once. */
export async function finishWithdrawal(
  ctx: AppContext,
  id: string,
  from: string[],
  outcome: 'paid' | 'failed' | 'rejected',
  note = '',
  operatorId?: number,
  decided?: (trx: Trx) => Promise<void>,
): Promise<boolean> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await endWithdrawal(trx, id, from, {
      status: outcome === 'paid' ? '10' : '01',
      state: outcome,
      note,
      operatorId,
    });
    if (!row) return undefined;
    const amount = Number(row.amount_cents);
    const fee = Number(row.fee_cents);
    const hold = { kind: 'withdrawal_hold' as const, userId: row.user_id };
    await post(trx, {
      key: `withdraw-${outcome === 'paid' ? 'paid' : 'returned'}:${id}`,
      kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_returned',
      reference: id,
      entries:
        outcome === 'paid'
          ? [
              { account: hold, amountCents: -amount },
              { account: { kind: 'psp_clearing' }, amountCents: amount - fee },
              { account: { kind: 'fees' }, amountCents: fee },
            ]
          : [
              { account: hold, amountCents: -amount },
              { account: { kind: 'user_cash', userId: row.user_id }, amountCents: amount },
            ],
    });
    await decided?.(trx);
    return row.user_id;
  });
  if (done === undefined) return false;
  await announceUserInfo(ctx, done);
  return true;
}

/**
 * An operator approves a withdrawal waiting for approval: it joins the payout queue — unless it
 * needs two approvals (above `withdraw.secondApprovalThreshold` when it was requested) and no
 * other operator has approved it yet; then this is
 * the first of two approvals, and only a different operator's queues it (four eyes, issue 19).
 * Each step is one guarded update, so concurrent approvals never queue twice nor let one operator
 * count as two.
 */
export async function approveWithdrawal(
  ctx: AppContext,
  id: string,
  operatorId: number,
  /** Runs in the decision's transaction (the operator audit record). */
  decided?: (trx: Trx, outcome: ApprovalOutcome) => Promise<void>,
): Promise<ApprovalOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    let outcome: ApprovalOutcome | null = null;
    if (await queueApproved(trx, id, operatorId)) outcome = 'queued';
    else {
      if (await recordFirstApproval(trx, id, operatorId)) outcome = 'firstApproval';
      // Another operator's first approval landed between the two statements: this is the second.
      else if (await queueApproved(trx, id, operatorId)) outcome = 'queued';
    }
    if (outcome === null) {
      const row = await approvalStateOf(trx, id);
      if (row?.payout_state === 'waiting_approval' && row.first_approved_by === operatorId) {
        throw new AppError(409, 'withdrawalSecondApprover');
      }
      throw new AppError(409, 'withdrawalNotPending');
    }
    await decided?.(trx, outcome);
    return outcome;
  });
}

/** An operator rejects a withdrawal waiting for approval: the hold returns to cash. */
export async function rejectWithdrawal(
  ctx: AppContext,
  id: string,
  operatorId: number,
  note: string,
  /** Runs in the decision's transaction (the operator audit record). */
  decided?: (trx: Trx) => Promise<void>,
): Promise<void> {
  const done = await finishWithdrawal(ctx, id, ['waiting_approval'], 'rejected', note, operatorId, decided);
  if (!done) throw new AppError(409, 'withdrawalNotPending');
}
