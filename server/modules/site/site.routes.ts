import { siteInfoSchema } from '../../../domain/schemas/site.schema';
import { allow, PUBLIC } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ok } from '../../infra/http/reply';

/**
 * `GET /api/app/main/site`: what the pages need to know about the site before anyone logs in —
 * the compliance profile (the sign-up form asks for limits under `br-regulated`), whether money is
 * real (the sandbox PSP shows a permanent demo banner), the operator's legal data for the footer,
 * the sign-up limit defaults, and the range of a deposit of the player's own amount.
 */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/app/main/site', allow(PUBLIC, { response: siteInfoSchema }), async (request, reply) =>
    ok(request, reply, {
      profile: ctx.config.profile,
      demo: ctx.config.psp.kind === 'sandbox',
      legal: ctx.config.file.site.legal ?? null,
      // The range of a deposit of the player's own amount (prePay/custom).
      deposit: { min: ctx.config.file.deposit.minAmount, max: ctx.config.file.deposit.maxAmount },
      signupLimits: {
        required: ctx.config.profile === 'br-regulated',
        loss: ctx.config.file.signupLimits.loss,
        session: ctx.config.file.signupLimits.session,
      },
    }),
  );
}
