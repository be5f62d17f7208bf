import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import type { Db } from '../infra/db/connection';

/**
 * Transactional mail goes through the outbox table, always: the caller only queues a row, so no
 * call waits on (or fails with) the mail server, and a call that mails (a reset code for an address
 * with an account) takes as long as one that does not. With `SMTP_URL` set, a leased delivery loop
 * hands queued mail to SMTP and retries refusals with backoff; without it the outbox is the
 * development mailbox (`/dev/mail`).
 */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export function createMailer(db: Db): Mailer {
  return {
    async send({ to, subject, text }) {
      await db.insertInto('mail_outbox').values({ to_address: to, subject, body: text }).execute();
    },
  };
}

/** What delivery needs of a transport (nodemailer's, or a test's stand-in). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** Tries a message this many times before leaving it for an operator to look at. */
export const MAIL_ATTEMPTS = 8;
const BATCH = 20;
/** Waits before the next try: 30 s, 1 min, 2 min, … up to an hour. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

/** One round of delivery: queued messages, oldest first, handed to `transport`. */
export async function deliverMail(
  db: Db,
  transport: MailTransport,
  from = 'Trevo <no-reply@trevo.bet>',
): Promise<number> {
  const pending = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'body', 'attempts'])
    .where('delivered_at', 'is', null)
    .where('attempts', '<', MAIL_ATTEMPTS)
    .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', sql<Date>`now()`)]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let delivered = 0;
  for (const message of pending) {
    try {
      await transport.sendMail({
        from,
        to: message.to_address,
        subject: message.subject,
        text: message.body,
      });
      await db
        .updateTable('mail_outbox')
        .set({ delivered_at: new Date() })
        .where('id', '=', message.id)
        .execute();
      delivered++;
    } catch (error) {
      const attempts = message.attempts + 1;
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
          retry_at: new Date(Date.now() + backoffMs(attempts)),
        })
        .where('id', '=', message.id)
        .execute();
    }
  }
  return delivered;
}

/** The SMTP transport for `SMTP_URL`. */
export const smtpTransport = (smtpUrl: string): MailTransport => nodemailer.createTransport(smtpUrl);
