import { allow, PUBLIC } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parseInput } from '../../infra/http/errors';
import { normaliseCpf } from '../../../domain/identity';
import {
  sandboxPaySchema,
  sandboxPaymentSchema,
  type SandboxPayment,
} from '../../../domain/schemas/payments.schema';
import type { SandboxPsp } from './sandbox-psp';
import { checkoutPage } from './checkout-page';

/**
 * The sandbox PSP's own pages and the calls that play the payer's bank (API.md "Test and sandbox
 * surface"). Registered only when the sandbox is the adapter.
 */
export async function sandboxRoutes(app: FastifyInstance, psp: SandboxPsp) {
  app.get<{ Params: { txid: string } }>(
    '/sandbox-psp/checkout/:txid',
    allow(PUBLIC),
    async (request, reply) => {
      const charge = await psp.getCharge(request.params.txid.slice(0, 40));
      if (!charge) throw notFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await checkoutPage(charge, { bankButtons: true }));
    },
  );

  app.post<{ Params: { txid: string } }>(
    '/sandbox-psp/charges/:txid/pay',
    allow(PUBLIC, { body: sandboxPaySchema, response: sandboxPaymentSchema }),
    async (request, reply) => {
      const body = parseInput(sandboxPaySchema, request.body ?? {});
      const charge = await psp.pay(
        request.params.txid.slice(0, 40),
        body.payerCpf ? normaliseCpf(body.payerCpf) : undefined,
        body.scenario ?? 'normal',
      );
      if (!charge)
        return reply.code(409).send({ status: 409, message: 'Cobrança não pode ser paga', data: null });
      const data: SandboxPayment = { txid: charge.txid, endToEndId: charge.payment!.endToEndId };
      return reply.send({ status: 200, message: 'pago', data });
    },
  );

  app.post<{ Params: { txid: string } }>(
    '/sandbox-psp/charges/:txid/expire',
    allow(PUBLIC, { response: z.null() }),
    async (request, reply) => {
      const done = await psp.expire(request.params.txid.slice(0, 40));
      if (!done) return reply.code(409).send({ status: 409, message: 'Cobrança não está ativa', data: null });
      return reply.send({ status: 200, message: 'expirada', data: null });
    },
  );

  app.post(
    '/sandbox-psp/payouts/fail-next',
    allow(PUBLIC, { response: z.null() }),
    async (_request, reply) => {
      psp.failNext();
      return reply.send({ status: 200, message: 'o próximo pagamento falhará', data: null });
    },
  );
}
