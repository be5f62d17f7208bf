import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { allow, operator, PUBLIC } from '../../platform/access';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { recordId } from '../../../domain/schemas/common.schema';
import {
  boostInputSchema,
  boostReportRowSchema,
  boostSchema,
  sportsBoostSchema,
} from '../../../domain/sports/sports.schema';
import { boostReport, createBoost, playerBoosts, stopBoost } from './boosts.service';
import type { Sports } from './sports.module';

const idParams = z.object({ id: recordId() });

/**
 * Super Odds (decision 88): players list the running boosts; traders set and end them, each an
 * audited action, and read every boost's own figures (kept out of the book's margin report).
 */
export async function boostsRoutes(app: FastifyInstance, ctx: AppContext, sports: Sports) {
  app.get(
    '/api/app/sports/boosts',
    allow(PUBLIC, { response: z.array(sportsBoostSchema) }),
    async (request, reply) => ok(request, reply, await playerBoosts(ctx, sports)),
  );

  app.get(
    '/api/admin/sports/boosts',
    allow(operator(['trader']), { response: z.array(boostReportRowSchema) }),
    async (request, reply) => ok(request, reply, await boostReport(ctx)),
  );

  app.post(
    '/api/admin/sports/boosts',
    allow(operator(['trader']), { body: boostInputSchema, response: boostSchema }),
    async (request, reply) => {
      const input = parseInput(boostInputSchema, request.body);
      const boost = await createBoost(ctx, sports, request.session!.subjectId, input, (trx, created) =>
        recordAudit(trx, auditEntry(request, 'sports.boost', `boost:${created.id}`, null, created)),
      );
      return ok(request, reply, boost);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/sports/boosts/:id/end',
    allow(operator(['trader']), { params: idParams, response: boostSchema }),
    async (request, reply) => {
      const id = parseInput(recordId(), request.params.id);
      const boost = await stopBoost(ctx, id, sports.now(), (trx, ended) =>
        recordAudit(trx, auditEntry(request, 'sports.boostEnd', `boost:${id}`, null, ended)),
      );
      return ok(request, reply, boost);
    },
  );
}
