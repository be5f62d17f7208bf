import {
  balanceSchema,
  headerIndexSchema,
  headerSetSchema,
  userInfoSchema,
} from '../../../domain/schemas/user.schema';
import { allow, PLAYER } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, parseInput } from '../../infra/http/errors';
import { kycSchema, recordsPageSchema, recordsQuerySchema } from '../../../domain/schemas/wallet.schema';
import { gameRecords, walletRecords } from './records.service';
import { sportsBetsPage } from '../sports/bets.service';
import { isValidCnpj, isValidCpf } from '../../../domain/identity';
import { ok } from '../../infra/http/reply';
import { userInfo } from './users.service';
import { announceUserInfo, balancesOf } from '../../platform/announcer';
import { findUserCpf, recordKyc, setAvatar } from './users.repository';
import { kycRoutes } from './kyc.routes';

/** The player's own profile calls (spec section 7). */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => kycRoutes(scope, ctx));
  app.register(async (scope) => {
    scope.get(
      '/api/app/user/userInfo',
      allow(PLAYER, { response: userInfoSchema }),
      async (request, reply) => {
        return ok(request, reply, await userInfo(ctx, request.session!.subjectId));
      },
    );

    scope.get(
      '/api/app/user/getBalance',
      allow(PLAYER, { response: balanceSchema }),
      async (request, reply) => {
        return ok(request, reply, await balancesOf(ctx, request.session!.subjectId));
      },
    );

    // Identity check (spec 3, API.md): kyc becomes 1 with a name and a valid CPF (the registered
    // one, since PIX deposits must come from it) or CNPJ.
    scope.post(
      '/api/app/user/updateKyc',
      allow(PLAYER, { body: kycSchema, response: z.null() }),
      async (request, reply) => {
        const { name, cardNo } = parseInput(kycSchema, request.body);
        const userId = request.session!.subjectId;
        if (!name || !cardNo || !(isValidCpf(cardNo) || isValidCnpj(cardNo))) throw badRequest('kycInvalid');
        const user = await findUserCpf(ctx.db, userId);
        const document = cardNo.replace(/\D/g, '');
        if (isValidCpf(cardNo) && document !== user.cpf) throw badRequest('kycCpfMismatch');
        // Documents in review or approved were checked against this name and document: they stay
        // as they are (red-team review: a company's name and CNPJ replaced an approved identity).
        const underReview = user.kyc_review === 'pending' || user.kyc_review === 'approved';
        if (underReview && (name !== user.kyc_name || document !== user.kyc_document))
          throw new AppError(409, 'kycUnderReview');
        await recordKyc(ctx.db, userId, { name, document });
        await announceUserInfo(ctx, userId);
        return ok(request, reply, null, 'kycDone');
      },
    );

    scope.get(
      '/api/app/user/records',
      allow(PLAYER, { query: recordsQuerySchema, response: recordsPageSchema }),
      async (request, reply) => {
        const { kind, page, size, game } = parseInput(recordsQuerySchema, request.query);
        if (kind === 'game')
          return ok(request, reply, await gameRecords(ctx, request.session!.subjectId, page, size, game));
        // The sports history is "Minhas apostas" in every state, page by page.
        if (kind === 'sports') {
          return ok(
            request,
            reply,
            await sportsBetsPage(ctx, app.sports, request.session!.subjectId, {}, { page, size }),
          );
        }
        return ok(request, reply, await walletRecords(ctx, request.session!.subjectId, page, size));
      },
    );

    scope.get<{ Params: { index: string } }>(
      '/api/app/user/setHeader/:index',
      allow(PLAYER, { params: z.object({ index: headerIndexSchema }), response: headerSetSchema }),
      async (request, reply) => {
        const header = parseInput(headerIndexSchema, request.params.index);
        const userId = request.session!.subjectId;
        await setAvatar(ctx.db, userId, header);
        await announceUserInfo(ctx, userId);
        return ok(request, reply, { header });
      },
    );
  });
}
