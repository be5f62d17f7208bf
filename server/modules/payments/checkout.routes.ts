import { allow, PUBLIC } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../infra/http/errors';
import { CHECKOUT_CSS, CHECKOUT_JS, checkoutPage } from './checkout-page';

/** Trevo's own payment page for providers that have none (the sandbox serves its own with bank buttons). */
export async function checkoutRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/pix/checkout.js', allow(PUBLIC), async (_request, reply) =>
    reply.type('text/javascript').send(CHECKOUT_JS),
  );
  app.get('/pix/checkout.css', allow(PUBLIC), async (_request, reply) =>
    reply.type('text/css').send(CHECKOUT_CSS),
  );
  app.get<{ Params: { txid: string } }>('/pix/checkout/:txid', allow(PUBLIC), async (request, reply) => {
    const charge = await ctx.psp.getCharge(request.params.txid.slice(0, 40));
    if (!charge) throw notFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await checkoutPage(charge, { bankButtons: false }));
  });
}
