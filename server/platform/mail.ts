import nodemailer from 'nodemailer';
import type { Db } from '../infra/db/connection';

/** Sends transactional mail: through SMTP when `SMTP_URL` is set, else into the outbox table. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  from = 'Trevo <no-reply@trevo.bet>',
): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text }) {
        await transport.sendMail({ from, to, subject, text });
      },
    };
  }
  return {
    async send({ to, subject, text }) {
      await db.insertInto('mail_outbox').values({ to_address: to, subject, body: text }).execute();
    },
  };
}
