import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { allow, operator, ROLES } from '../../platform/access';
import { auditEntry } from '../../platform/audit-trail';
import { announceUserInfo } from '../../platform/announcer';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { recordId } from '../../../domain/schemas/common.schema';
import {
  kycApproveSchema,
  kycQueueQuerySchema,
  kycQueueSchema,
  kycRejectSchema,
} from '../../../domain/schemas/kyc.schema';
import { noDataSchema } from '../../../domain/schemas/back-office.schema';
import { decideKyc, documentFile, kycQueue } from '../users/kyc-documents.service';

const idSchema = recordId();
const idParams = z.object({ id: idSchema });

/**
 * The review of players' identity documents (issue 19): the queue, each document shown to the
 * reviewer (and the viewing itself audited: these are a person's papers), approve or refuse with
 * a reason the player reads.
 */
export async function kycReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/admin/kyc',
    allow(operator(ROLES.kyc), { query: kycQueueQuerySchema, response: kycQueueSchema }),
    async (request, reply) => {
      const { review, page, size } = parseInput(kycQueueQuerySchema, request.query);
      return ok(request, reply, await kycQueue(ctx, review, page, size));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/kyc/documents/:id',
    allow(operator(ROLES.kyc), { params: idParams }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const file = await documentFile(
        ctx,
        id,
        auditEntry(request, 'kyc.view', `kyc_document:${id}`, null, null),
      );
      return (
        reply
          .type(file.type)
          .header('content-disposition', 'inline')
          .header('cache-control', 'private, no-store')
          // A file is never a page: no script, form or plugin of a PDF or polyglot runs as Trevo.
          .header('content-security-policy', "sandbox; default-src 'none'")
          .send(createReadStream(file.path))
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/kyc/:id/approve',
    allow(operator(ROLES.kyc), { params: idParams, body: kycApproveSchema, response: noDataSchema }),
    async (request, reply) => {
      const userId = parseInput(idSchema, request.params.id);
      const { documents } = parseInput(kycApproveSchema, request.body ?? {});
      await decideKyc(
        ctx,
        { userId, operatorId: request.session!.subjectId, review: 'approved', reason: '' },
        documents,
        auditEntry(
          request,
          'kyc.approve',
          `player:${userId}`,
          { review: 'pending' },
          { review: 'approved', documents },
        ),
      );
      await announceUserInfo(ctx, userId);
      return ok(request, reply);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/kyc/:id/reject',
    allow(operator(ROLES.kyc), { params: idParams, body: kycRejectSchema, response: noDataSchema }),
    async (request, reply) => {
      const userId = parseInput(idSchema, request.params.id);
      const { reason, documents } = parseInput(kycRejectSchema, request.body ?? {});
      await decideKyc(
        ctx,
        { userId, operatorId: request.session!.subjectId, review: 'rejected', reason },
        documents,
        auditEntry(
          request,
          'kyc.reject',
          `player:${userId}`,
          { review: 'pending' },
          { review: 'rejected', reason, documents },
        ),
      );
      await announceUserInfo(ctx, userId);
      return ok(request, reply);
    },
  );
}
