import { z } from 'zod';
import { allow, PUBLIC, PLAYER } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { runIdempotent } from '../../platform/idempotency';
import { hasBadText } from '../../platform/text-guard';
import {
  demoAccountSchema,
  getPricesQuerySchema,
  orderStatusSchema,
  pixWebhookSchema,
  prePayResultSchema,
  prePaySchema,
  priceItemSchema,
  transferResultSchema,
  transferSchema,
  withdrawLimitsSchema,
  withdrawResultSchema,
  withdrawSchema,
} from '../../../domain/schemas/wallet.schema';
import { requestWithdrawal, withdrawLimits } from './withdraw.service';
import { createDemoAccount } from './demo.service';
import { executeTransfer, planTransfer, sendTransferCode } from './transfer.service';
import { announceUserInfo } from '../../platform/announcer';
import { createCharge, ownOrder, planDeposit, pricesOf, recordOrder, settleCharge } from './deposit.service';
import { assertDepositAllowed } from '../protection/protection.service';
import { recordPixNotification } from './wallet.repository';

/** Deposit calls of spec 7 and the PSP webhook. */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/app/order/getPrices',
    allow(PUBLIC, { query: getPricesQuerySchema, response: z.array(priceItemSchema) }),
    async (request, reply) => {
      const { curreny } = parseInput(getPricesQuerySchema, request.query);
      return ok(request, reply, pricesOf(ctx, curreny));
    },
  );

  app.get(
    '/api/app/user/getUserTest',
    allow(PUBLIC, { response: demoAccountSchema }),
    async (request, reply) => {
      return ok(request, reply, await createDemoAccount(ctx, request.ip));
    },
  );

  app.register(async (scope) => {
    scope.post(
      '/api/app/wallet/transfer/sendCode',
      allow(PLAYER, { response: z.null() }),
      async (request, reply) => {
        await sendTransferCode(ctx, request.session!.subjectId);
        return ok(request, reply, null, 'resetSent');
      },
    );

    scope.post(
      '/api/app/wallet/transfer',
      allow(PLAYER, { body: transferSchema, response: transferResultSchema }),
      async (request, reply) => {
        const input = parseInput(transferSchema, request.body);
        const userId = request.session!.subjectId;
        return runIdempotent(ctx, request, reply, userId, {
          prepare: () => planTransfer(ctx, userId, input, request.ip),
          effect: (trx, plan) => executeTransfer(ctx, trx, userId, plan),
          after: async (plan) => {
            await Promise.all([announceUserInfo(ctx, userId), announceUserInfo(ctx, plan.recipientId)]);
          },
        });
      },
    );

    scope.post<{ Params: { pkgId: string } }>(
      '/api/app/order/prePay/:pkgId',
      allow(PLAYER, { body: prePaySchema, response: prePayResultSchema }),
      async (request, reply) => {
        const body = parseInput(prePaySchema, request.body);
        const pkgId = request.params.pkgId;
        if (body.pkgId !== undefined && body.pkgId !== pkgId) throw new AppError(400, 'packageUnknown');
        const userId = request.session!.subjectId;
        return runIdempotent(ctx, request, reply, userId, {
          // Checked once, before the provider's charge, and under the key: a refusal (amount,
          // package, identity, limit) is stored like a success, so a replay answers as before.
          prepare: async () => {
            const plan = await planDeposit(ctx, userId, pkgId, body.gift === '1', body.amount);
            await assertDepositAllowed(ctx, userId, Math.round(plan.pkg.price * 100));
            return { plan, charge: await createCharge(ctx, ctx.psp, plan) };
          },
          effect: (trx, { plan, charge }) => recordOrder(ctx, trx, plan, charge),
        });
      },
    );

    scope.get(
      '/api/app/order/getWithdraw',
      allow(PLAYER, { response: withdrawLimitsSchema }),
      async (request, reply) => {
        return ok(request, reply, await withdrawLimits(ctx, request.session!.subjectId));
      },
    );

    scope.post(
      '/api/app/order/withdraw',
      allow(PLAYER, { body: withdrawSchema, response: withdrawResultSchema }),
      async (request, reply) => {
        const input = parseInput(withdrawSchema, request.body);
        const userId = request.session!.subjectId;
        return runIdempotent(ctx, request, reply, userId, {
          message: 'withdrawDone',
          effect: (trx) => requestWithdrawal(ctx, trx, userId, input),
        });
      },
    );

    scope.get<{ Params: { orderId: string } }>(
      '/api/app/order/getStatus/:orderId',
      allow(PLAYER, { response: orderStatusSchema }),
      async (request, reply) => {
        const order = await ownOrder(ctx, request.session!.subjectId, request.params.orderId.slice(0, 64));
        // A webhook may be late or lost: a pending order is reconciled with the provider on every look.
        // Only a look: a provider that fails or passes its deadline (TREVO_PSP_TIMEOUT_MS) leaves the
        // order as stored, answered as it is (it was a 500), and the next look or notice settles it.
        if (order.status === '00') {
          try {
            await settleCharge(ctx, ctx.psp, order.txid);
          } catch (err) {
            request.log.warn({ err, orderId: order.id }, 'payment provider unavailable: status as stored');
          }
        }
        const fresh = await ownOrder(ctx, request.session!.subjectId, order.id);
        return ok(request, reply, { status: fresh.status });
      },
    );
  });

  // The PSP's webhook: public, answered only when its signature checks (verifyWebhook), for which
  // the raw body is needed.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/api/webhooks/pix', allow(PUBLIC, { response: z.null() }), async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!ctx.psp.verifyWebhook(raw, request.headers)) throw new AppError(401, 'webhookRejected');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new AppError(400, 'invalidInput');
      }
      // Parsed here, after the signature, so the app-wide text guard has not seen it.
      if (hasBadText(parsed)) throw new AppError(400, 'textInvalid');
      const { pix } = parseInput(pixWebhookSchema, parsed);
      for (const notice of pix) {
        const outcome = await settleCharge(ctx, ctx.psp, notice.txid);
        await recordPixNotification(ctx.db, { end_to_end_id: notice.endToEndId, txid: notice.txid, outcome });
        if (outcome === 'unknown')
          request.log.warn({ txid: notice.txid }, 'PIX for an unknown charge quarantined');
      }
      return ok(request, reply);
    });
  });
}
