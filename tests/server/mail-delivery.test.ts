import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { buildTestApp, call, registerPlayer } from './helpers';
import { deliverMail, MAIL_ATTEMPTS, type MailTransport } from '../../server/platform/mail';

/**
 * Mail is queued, never sent inside a call (trust review): the reset call for an address with an
 * account used to wait on SMTP, so it answered later than one for an address without (and failed
 * when the mail server did). Here SMTP_URL points at a port where nothing listens: the call still
 * answers at once, the same for both addresses, and delivery happens later, with retries.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
});
afterAll(async () => {
  await app.close();
});

const outbox = (to: string) =>
  app.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

describe('the mail outbox', () => {
  it('answers a reset request without touching the mail server, the same whether the address plays here', async () => {
    const player = await registerPlayer(app);
    for (const email of [player.email, 'ninguem@exemplo.com']) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/app/main/RESETPWD/sendEmail',
        payload: { email },
      });
      expect(res.code).toBe(200);
      expect(res.body.message).toBe('Enviado com sucesso');
    }
    const [queued] = await outbox(player.email);
    expect(queued).toMatchObject({ delivered_at: null, attempts: 0 });
    expect(await outbox('ninguem@exemplo.com')).toEqual([]);
  });

  it('delivers queued mail through the transport, retries a refusal later, and never sends one twice', async () => {
    const player = await registerPlayer(app);
    await call(app, {
      method: 'POST',
      url: '/api/app/main/RESETPWD/sendEmail',
      payload: { email: player.email },
    });
    const sent: string[] = [];
    // nodemailer's own JSON transport: the real message building, nothing on the wire.
    const json = nodemailer.createTransport({ jsonTransport: true });
    const working: MailTransport = {
      async sendMail(message) {
        const info = await json.sendMail(message);
        sent.push(JSON.parse(String(info.message)).to[0].address);
        return info;
      },
    };
    const refusing: MailTransport = {
      sendMail: async () => {
        throw new Error('421 try again later');
      },
    };

    expect(await deliverMail(app.ctx.db, refusing)).toBe(0);
    const [refused] = await outbox(player.email);
    expect(refused).toMatchObject({ delivered_at: null, attempts: 1, last_error: '421 try again later' });
    expect(new Date(refused!.retry_at!).getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not before its retry time, then delivered exactly once.
    await deliverMail(app.ctx.db, working);
    expect(sent).not.toContain(player.email);
    await app.ctx.db
      .updateTable('mail_outbox')
      .set({ retry_at: new Date(Date.now() - 1) })
      .execute();
    await deliverMail(app.ctx.db, working);
    await deliverMail(app.ctx.db, working);
    expect(sent.filter((to) => to === player.email)).toHaveLength(1);
    const [delivered] = await outbox(player.email);
    expect(delivered!.delivered_at).not.toBeNull();
  });

  it('gives up on a message after its last attempt, leaving it for an operator to see', async () => {
    const to = `desiste${Date.now()}@exemplo.com`;
    await app.ctx.mailer.send({ to, subject: 'x', text: 'y' });
    const refusing: MailTransport = {
      sendMail: async () => {
        throw new Error('550 no such user');
      },
    };
    for (let i = 0; i < MAIL_ATTEMPTS + 2; i++) {
      await app.ctx.db
        .updateTable('mail_outbox')
        .set({ retry_at: null })
        .where('to_address', '=', to)
        .execute();
      await deliverMail(app.ctx.db, refusing);
    }
    const [given] = await outbox(to);
    expect(given).toMatchObject({
      delivered_at: null,
      attempts: MAIL_ATTEMPTS,
      last_error: '550 no such user',
    });
  });
});
