import { z } from 'zod';
import { recordId } from '../../../domain/schemas/common.schema';
import { allow, PUBLIC, PLAYER, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import {
  complaintAnswerSchema,
  complaintAnsweredSchema,
  complaintFiledSchema,
  complaintLookupSchema,
  complaintRowSchema,
  complaintSchema,
  complaintStatusSchema,
  complaintsQuerySchema,
  PROTOCOL_PATTERN,
  supportConversationRowSchema,
  supportConversationSchema,
  supportMessageSchema,
  supportMessageViewSchema,
  supportReplyTimeSchema,
} from '../../../domain/schemas/support.schema';
import { playerOrVisitor } from '../../platform/sessions';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import {
  answerComplaint,
  complaintStatus,
  conversationForOperator,
  fileComplaint,
  listComplaints,
  listConversations,
  operatorSays,
  playerSays,
  playerThread,
  replyTime,
} from './support.service';

const idSchema = recordId();
/** The `:id` of a path, as the routes declare it (parsed field by field with idSchema). */
const idParams = z.object({ id: idSchema });

/**
 * Customer service (issue 7). Players chat at `/api/app/support/*`; operators (support role; admin
 * passes everything) answer at `/api/admin/support/*`. The console reads over HTTP and polls: the
 * socket at /gamecenter-siop admits player sessions only, and a poll every few seconds on the
 * handful of operators' screens costs less than a second authenticated socket channel.
 */
export async function supportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.get(
      '/api/app/support/messages',
      allow(PLAYER, { response: z.array(supportMessageViewSchema) }),
      async (request, reply) => {
        return ok(request, reply, await playerThread(ctx, request.session!.subjectId));
      },
    );

    scope.get(
      '/api/app/support/replyTime',
      allow(PLAYER, { response: supportReplyTimeSchema }),
      async (request, reply) => ok(request, reply, await replyTime(ctx)),
    );

    scope.post(
      '/api/app/support/message',
      allow(PLAYER, { body: supportMessageSchema, response: supportMessageViewSchema }),
      async (request, reply) => {
        const { text } = parseInput(supportMessageSchema, request.body);
        return ok(request, reply, await playerSays(ctx, request.session!.subjectId, text), 'supportSent');
      },
    );
  });

  // Complaints (API.md): a visitor may file one too (with the captcha), since a player who cannot
  // log in is exactly who may need to complain.
  app.post(
    '/api/app/main/complaint',
    allow(PUBLIC, { body: complaintSchema, response: complaintFiledSchema }),
    async (request, reply) => {
      const input = parseInput(complaintSchema, request.body);
      const userId = await playerOrVisitor(ctx, request);
      const filed = await fileComplaint(ctx, input, { userId, ip: request.ip });
      return ok(request, reply, filed, 'complaintFiled', { protocol: filed.protocol });
    },
  );

  app.get<{ Params: { protocol: string } }>(
    '/api/app/main/complaint/:protocol',
    allow(PUBLIC, { query: complaintLookupSchema, response: complaintStatusSchema }),
    async (request, reply) => {
      const protocol = request.params.protocol.toUpperCase();
      const { contact } = parseInput(complaintLookupSchema, request.query);
      if (!PROTOCOL_PATTERN.test(protocol)) throw new AppError(404, 'complaintNotFound');
      return ok(request, reply, await complaintStatus(ctx, protocol, contact, request.ip));
    },
  );

  app.get(
    '/api/admin/support/conversations',
    allow(operator(ROLES.support), { response: z.array(supportConversationRowSchema) }),
    async (request, reply) => {
      return ok(request, reply, await listConversations(ctx));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/support/conversations/:id',
    allow(operator(ROLES.support), { params: idParams, response: supportConversationSchema }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      return ok(request, reply, await conversationForOperator(ctx, id));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/support/conversations/:id/reply',
    allow(operator(ROLES.support), {
      params: idParams,
      body: supportMessageSchema,
      response: supportMessageViewSchema,
    }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { text } = parseInput(supportMessageSchema, request.body);
      const message = await operatorSays(ctx, id, request.session!.subjectId, text, (trx, sent, userId) =>
        recordAudit(
          trx,
          auditEntry(request, 'support.reply', `support:${id}`, null, {
            messageId: sent.id,
            userId,
            length: sent.text.length,
          }),
        ),
      );
      return ok(request, reply, message, 'supportSent');
    },
  );

  app.get(
    '/api/admin/support/complaints',
    allow(operator(ROLES.support), { query: complaintsQuerySchema, response: z.array(complaintRowSchema) }),
    async (request, reply) => {
      const { status } = parseInput(complaintsQuerySchema, request.query);
      return ok(request, reply, await listComplaints(ctx, status));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/support/complaints/:id/answer',
    allow(operator(ROLES.support), {
      params: idParams,
      body: complaintAnswerSchema,
      response: complaintAnsweredSchema,
    }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { answer } = parseInput(complaintAnswerSchema, request.body);
      const done = await answerComplaint(ctx, id, request.session!.subjectId, answer, (trx, protocol) =>
        recordAudit(
          trx,
          auditEntry(
            request,
            'complaint.answer',
            `complaint:${protocol}`,
            { status: 'open' },
            {
              status: 'answered',
              answer,
            },
          ),
        ),
      );
      return ok(request, reply, done);
    },
  );
}
