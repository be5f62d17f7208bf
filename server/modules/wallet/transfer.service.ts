import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, forbidden, tooMany } from '../../infra/http/errors';
import { sha256Hex, sixDigitCode } from '../../infra/security/tokens';
import { centsToBrl, parseAmount, plainBrl } from '../../../domain/money';
import { guessCode } from '../../platform/one-time-codes';
import { CODE_CHECKS, throttledGuess } from '../../platform/throttle';
import { post } from '../../platform/money/ledger';
import type { Trx } from '../../infra/db/connection';
import { assertDocumentsFor, withdrawLimits } from './withdraw.service';
import { lockPlayer } from '../../platform/money/lock-order';
import {
  insertTransfer,
  insertTransferCode,
  playerByUsername,
  transferSenderOf,
  useTransferCode,
} from './transfers.repository';

/**
 * Transfers between players (payments.md): confirmed with a code e-mailed to the sender, limited
 * to what the sender could withdraw (so a transfer never skips the turnover), through the ledger.
 */
const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;

export async function sendTransferCode(ctx: AppContext, userId: number): Promise<void> {
  if ((await ctx.limiter.hit(`transfer-code:${userId}`, 15 * 60_000)) > 5) throw tooMany();
  const user = await transferSenderOf(ctx.db, userId);
  if (user.test_flag === 1) throw forbidden('demoNoRealMoney');
  const code = sixDigitCode();
  await insertTransferCode(ctx.db, userId, sha256Hex(code), new Date(Date.now() + CODE_TTL_MS));
  await ctx.mailer.send({
    to: user.username,
    subject: 'Trevo: código para confirmar a transferência',
    text: `Seu código para confirmar a transferência na Trevo é ${code}. Ele vale por 10 minutos. Se você não pediu, troque sua senha.`,
  });
}

export interface TransferInput {
  username?: string;
  amount?: unknown;
  code?: string;
}

export interface TransferPlan {
  codeId: number;
  recipientId: number;
  recipient: string;
  cents: number;
}

/**
 * Checks the input, the e-mailed code and the recipient, outside any database transaction (a
 * wrong code's attempt must be counted even though the transfer is refused).
 */
export async function planTransfer(
  ctx: AppContext,
  userId: number,
  input: TransferInput,
  ip: string,
): Promise<TransferPlan> {
  // Regulated, money leaves only to the player's own CPF: a transfer would send it to another's.
  if (ctx.config.profile === 'br-regulated') throw forbidden('transferUnavailable');
  if (!input.username) throw badRequest('transferRecipientRequired');
  if (input.amount === undefined || input.amount === '' || input.amount === null)
    throw badRequest('transferAmountRequired');
  const parsed = parseAmount(input.amount);
  if (!parsed.ok) throw badRequest('amountInvalid');
  if (!input.code) throw badRequest('transferCodeRequired');
  const code = input.code;
  const codeId = await throttledGuess(ctx, `transfer-code-ip:${ip}`, CODE_CHECKS.transferIp, () =>
    guessCode(ctx.db, {
      table: 'transfer_codes',
      owner: { column: 'user_id', value: userId },
      guess: code,
      maxAttempts: CODE_MAX_ATTEMPTS,
    }),
  );
  if (codeId === null) throw badRequest('resetCodeWrong');
  const recipient = await playerByUsername(ctx.db, input.username.trim().toLowerCase());
  if (!recipient || recipient.test_flag === 1) throw new AppError(404, 'transferRecipientUnknown');
  if (recipient.id === userId) throw badRequest('transferToSelf');
  return { codeId, recipientId: recipient.id, recipient: recipient.username, cents: parsed.cents };
}

/** Uses the code once and moves the cash, in the caller's transaction. */
export async function executeTransfer(ctx: AppContext, trx: Trx, userId: number, plan: TransferPlan) {
  const sender = await lockPlayer(trx, userId, ['kyc_review']);
  if (!(await useTransferCode(trx, plan.codeId))) throw badRequest('resetCodeWrong');
  const limits = await withdrawLimits(ctx, userId, trx);
  if (!limits.unlimited && limits.number <= 0) throw badRequest('withdrawNoneLeft');
  if (limits.wdAmount <= 0) throw badRequest('withdrawNothing');
  if (plan.cents > Math.round(limits.wdAmount * 100))
    throw badRequest('withdrawMax', { amount: plainBrl(limits.wdAmount) });
  // Money sent to another player leaves like a withdrawal: the same documents gate, same window.
  await assertDocumentsFor(ctx, trx, userId, sender.kyc_review, plan.cents);
  const id = `T${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
  await insertTransfer(trx, { id, fromUserId: userId, toUserId: plan.recipientId, amountCents: plan.cents });
  await post(trx, {
    key: `transfer:${id}`,
    kind: 'transfer',
    reference: id,
    entries: [
      { account: { kind: 'user_cash', userId }, amountCents: -plan.cents },
      { account: { kind: 'user_cash', userId: plan.recipientId }, amountCents: plan.cents },
    ],
  });
  return { id, amount: centsToBrl(plan.cents), to: plan.recipient };
}
