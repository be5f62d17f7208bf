import { allow, PLAYER } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import {
  exclusionDoneSchema,
  exclusionInputSchema,
  limitInputSchema,
  protectionViewSchema,
  realityCheckInputSchema,
  sessionSummarySchema,
} from '../../../domain/schemas/protection.schema';
import { exclude, protectionOf, sessionSummary, setLimit, setRealityCheck } from './protection.service';

/** The player's responsible-gaming tools (issue 9): limits, cool-off, self-exclusion. */
export async function protectionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.get(
      '/api/app/user/protection',
      allow(PLAYER, { response: protectionViewSchema }),
      async (request, reply) => {
        return ok(request, reply, await protectionOf(ctx, request.session!.subjectId));
      },
    );

    scope.post(
      '/api/app/user/protection/limit',
      allow(PLAYER, { body: limitInputSchema, response: protectionViewSchema }),
      async (request, reply) => {
        const input = parseInput(limitInputSchema, request.body);
        const userId = request.session!.subjectId;
        const { key, params } = await setLimit(ctx, userId, input);
        return ok(request, reply, await protectionOf(ctx, userId), key, params);
      },
    );

    scope.post(
      '/api/app/user/protection/reality-check',
      allow(PLAYER, { body: realityCheckInputSchema, response: protectionViewSchema }),
      async (request, reply) => {
        const { minutes } = parseInput(realityCheckInputSchema, request.body);
        const userId = request.session!.subjectId;
        await setRealityCheck(ctx, userId, minutes);
        return ok(request, reply, await protectionOf(ctx, userId));
      },
    );

    scope.get(
      '/api/app/user/protection/session',
      allow(PLAYER, { response: sessionSummarySchema }),
      async (request, reply) => {
        const session = request.session!;
        return ok(request, reply, await sessionSummary(ctx, session.subjectId, session.sessionId));
      },
    );

    scope.post(
      '/api/app/user/protection/exclusion',
      allow(PLAYER, { body: exclusionInputSchema, response: exclusionDoneSchema }),
      async (request, reply) => {
        const input = parseInput(exclusionInputSchema, request.body);
        await exclude(ctx, request.session!.subjectId, input);
        return ok(request, reply, null, 'exclusionDone');
      },
    );
  });
}
