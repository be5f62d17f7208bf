import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { CHECKOUT_CSS, CHECKOUT_JS, checkoutPage } from './checkout-page';

/** Trevo's own payment page for providers that have none (the sandbox serves its own with bank buttons). */
export async function checkoutRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/pix/checkout.js', async (_request, reply) => reply.type('text/javascript').send(CHECKOUT_JS));
  app.get('/pix/checkout.css', async (_request, reply) => reply.type('text/css').send(CHECKOUT_CSS));
  app.get<{ Params: { txid: string } }>('/pix/checkout/:txid', async (request, reply) => {
    const charge = await ctx.psp.getCharge(request.params.txid.slice(0, 40));
    if (!charge) throw notFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await checkoutPage(charge, { bankButtons: false }));
  });
}
