import {
  withdrawalsPageSchema,
  withdrawalsQuerySchema,
  withdrawalRejectSchema,
  withdrawalsBulkSchema,
  noDataSchema,
} from '../../../domain/schemas/back-office.schema';
import { bulkResultsSchema, withdrawalApprovedSchema } from '../../../domain/schemas/console-money.schema';
import { saoPauloDayEnd, saoPauloDayStart } from '../../../domain/sao-paulo-days';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, parseInput } from '../../infra/http/errors';
import { langOf, ok } from '../../infra/http/reply';
import { translate } from '../../../domain/messages';
import { approveWithdrawal, rejectWithdrawal } from '../wallet/withdraw.service';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import { listWithdrawals } from './withdrawals.service';

/**
 * Finance's withdrawal desk: the search over every withdrawal (the approval queue is its
 * `waiting_approval` page, with risk signals), and approving or rejecting, one or many.
 */
export async function withdrawalsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/admin/withdrawals',
    allow(operator(ROLES.finance), { query: withdrawalsQuerySchema, response: withdrawalsPageSchema }),
    async (request, reply) => {
      const input = parseInput(withdrawalsQuerySchema, request.query);
      if (input.from && input.to && input.from > input.to) throw badRequest('invalidInput');
      const page = await listWithdrawals(ctx, {
        status: input.status,
        q: input.q,
        since: input.from ? saoPauloDayStart(input.from) : undefined,
        until: input.to ? saoPauloDayEnd(input.to) : undefined,
        minCents: input.min,
        maxCents: input.max,
        page: input.page,
        size: input.size,
      });
      return ok(request, reply, page);
    },
  );

  /**
   * Approves one withdrawal and records the decision in the same transaction: the payout queued,
   * or (above the second threshold) the first of the two approvals it needs.
   */
  const approve = (request: FastifyRequest, id: string) =>
    approveWithdrawal(ctx, id, request.session!.subjectId, (trx, outcome) =>
      recordAudit(
        trx,
        auditEntry(
          request,
          'withdrawal.approve',
          `withdrawal:${id}`,
          { payoutState: 'waiting_approval' },
          outcome === 'queued'
            ? { payoutState: 'queued' }
            : { payoutState: 'waiting_approval', firstApproval: true },
        ),
      ),
    );

  /** Rejects one withdrawal (the hold returns) and records the decision. */
  const reject = (request: FastifyRequest, id: string, reason: string) => {
    return rejectWithdrawal(ctx, id, request.session!.subjectId, reason, (trx) =>
      recordAudit(
        trx,
        auditEntry(
          request,
          'withdrawal.reject',
          `withdrawal:${id}`,
          { payoutState: 'waiting_approval' },
          { payoutState: 'rejected', note: reason },
        ),
      ),
    );
  };

  app.post<{ Params: { id: string } }>(
    '/api/admin/withdrawals/:id/approve',
    allow(operator(ROLES.finance), { response: withdrawalApprovedSchema }),
    async (request, reply) => {
      const outcome = await approve(request, request.params.id.slice(0, 40));
      return ok(request, reply, { outcome });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/withdrawals/:id/reject',
    allow(operator(ROLES.finance), { body: withdrawalRejectSchema, response: noDataSchema }),
    async (request, reply) => {
      const { note } = parseInput(withdrawalRejectSchema, request.body ?? {});
      await reject(request, request.params.id.slice(0, 40), note);
      return ok(request, reply);
    },
  );

  // Each id is decided on its own (its own transaction and audit row); one refusal stops no other.
  app.post(
    '/api/admin/withdrawals/bulk',
    allow(operator(ROLES.finance), { body: withdrawalsBulkSchema, response: bulkResultsSchema }),
    async (request, reply) => {
      const input = parseInput(withdrawalsBulkSchema, request.body);
      const results = [];
      for (const id of new Set(input.ids)) {
        try {
          const outcome = input.action === 'approve' ? await approve(request, id) : null;
          if (input.action === 'reject') await reject(request, id, input.note);
          results.push({ id, ok: true, message: null, outcome });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({
            id,
            ok: false,
            message: translate(err.key, langOf(request), err.params),
            outcome: null,
          });
        }
      }
      return ok(request, reply, results);
    },
  );
}
