import { allow, PUBLIC } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { findOutboxMails } from './dev.repository';
import { z } from 'zod';
import { badRequest, parseInput } from '../../infra/http/errors';
import { closeBettingNow, ROUND_GAMES } from '../games/rounds.service';

/**
 * The furthest one move of the test clock goes, in simulated minutes: the feed simulates every
 * sport through the jump on its next pass, so a year's jump would hold the server for minutes.
 */
const MAX_SIM_MINUTES = 7 * 24 * 60;

/** Where the sportsbook's test clock goes: to an instant, or on by simulated minutes. Forward only. */
const clockSchema = z.union([
  z.object({ to: z.iso.datetime() }),
  z.object({ simMinutes: z.number().int().min(1).max(MAX_SIM_MINUTES) }),
]);

/** The shared-round game whose betting the rounds' test control closes. */
const roundGameSchema = z.object({ game: z.enum(ROUND_GAMES) });
const closedSchema = z.object({ roundId: z.string().nullable() });

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
  // End-to-end tests play a match out, or close a shared round, instead of waiting for it
  // (TREVO_TEST_CLOCK=1 only; the configuration refuses the flag in production). The feed and settlement catch up on their next
  // pass; the clock only moves forward, so nothing already told to a player is taken back.
  if (ctx.config.testClock) {
    const clock = () => ({
      now: new Date(app.sports.now()).toISOString(),
      speed: ctx.config.sportsFeed.speed,
    });
    app.get('/dev/sports/clock', allow(PUBLIC), async () => clock());
    app.post('/dev/sports/clock', allow(PUBLIC, { body: clockSchema }), async (request) => {
      const input = parseInput(clockSchema, request.body);
      const speed = ctx.config.sportsFeed.speed;
      const realMs =
        'to' in input ? Date.parse(input.to) - app.sports.now() : (input.simMinutes * 60_000) / speed;
      if (realMs > (MAX_SIM_MINUTES * 60_000) / speed) throw badRequest('invalidInput');
      app.sports.advance(realMs);
      return clock();
    });
    // Journeys bet in DOUBLE or LUCKYCOLOR, then close the round here instead of waiting it out.
    app.post(
      '/dev/rounds/:game/close',
      allow(PUBLIC, { params: roundGameSchema, response: closedSchema }),
      async (request) => ({
        roundId: await closeBettingNow(ctx, parseInput(roundGameSchema, request.params).game),
      }),
    );
  }

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
