import { allow, PUBLIC } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { findOutboxMails } from './dev.repository';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

async function outbox(ctx: AppContext, to: string | undefined): Promise<OutboxMail[]> {
  const rows = await findOutboxMails(ctx.db, to);
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.body,
    sentAt: new Date(r.sent_at).toISOString(),
  }));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mail outbox for development and tests (API.md "Test and sandbox surface"). Never registered
 * in production, where mail goes through SMTP.
 */
export async function devRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { to?: string } }>('/dev/mailbox', allow(PUBLIC), async (request) =>
    outbox(ctx, request.query.to),
  );

  app.get<{ Querystring: { to?: string } }>('/dev/mailbox.html', allow(PUBLIC), async (request, reply) => {
    const mails = await outbox(ctx, request.query.to);
    const items = mails
      .map(
        (m) =>
          `<article><header><b>${escapeHtml(m.subject)}</b><br><small>para ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</small></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Caixa de saída — Trevo</title><style>body{font-family:system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style><h1>Caixa de saída (desenvolvimento)</h1>${items || '<p>Nenhum e-mail.</p>'}</html>`,
      );
  });
}
