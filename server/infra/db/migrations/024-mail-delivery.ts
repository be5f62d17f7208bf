import { sql, type Kysely } from 'kysely';

/**
 * Mail leaves through the outbox (trust review: the reset call sent its mail inline, so an address
 * with an account answered an SMTP round trip later than one without, and a slow or failing mail
 * server failed the call). `sent_at` stays the time a message was queued; a delivery loop records
 * when SMTP took it, how often it tried, the last refusal and when to try again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column delivered_at timestamptz`.execute(db);
  await sql`alter table mail_outbox add column attempts integer not null default 0`.execute(db);
  await sql`alter table mail_outbox add column last_error text`.execute(db);
  await sql`alter table mail_outbox add column retry_at timestamptz`.execute(db);
  await sql`create index mail_outbox_pending_idx on mail_outbox (id) where delivered_at is null`.execute(db);
}
