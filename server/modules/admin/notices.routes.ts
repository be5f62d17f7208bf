import { z } from 'zod';
import { noticeSchema } from '../../../domain/schemas/back-office.schema';
import { noticeSchema as noticeViewSchema, type Notice } from '../../../domain/schemas/user.schema';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import { findRecentNotices, insertNotice, type NoticeRow } from './notices.repository';

/** Notices listed in the console. */
const NOTICES_LISTED = 50;

/** A notice as the console and the players' sockets receive it. */
const noticeView = (r: NoticeRow): Notice => ({
  id: r.id,
  text: r.text,
  createdAt: new Date(r.created_at).toISOString(),
});

const LIST = { response: z.array(noticeViewSchema) };

/** Site notices (admin): the latest ones, and publishing one to every connected player. */
export async function noticesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/notices', allow(operator(ROLES.admin), LIST), async (request, reply) => {
    const rows = await findRecentNotices(ctx.db, NOTICES_LISTED);
    return ok(request, reply, rows.map(noticeView));
  });

  app.post(
    '/api/admin/notices',
    allow(operator(ROLES.admin), { body: noticeSchema, response: noticeViewSchema }),
    async (request, reply) => {
      const { text } = parseInput(noticeSchema, request.body);
      const row = await insertNotice(ctx.db, text, (trx, stored) =>
        recordAudit(
          trx,
          auditEntry(request, 'notice.publish', `notice:${stored.id}`, null, noticeView(stored)),
        ),
      );
      const notice = noticeView(row);
      ctx.realtime.broadcast('notice', notice);
      return ok(request, reply, notice);
    },
  );
}
