import { sql, type Kysely } from 'kysely';

/**
 * Compliance queues (issue 19): alerts raised from the ledger and the accounts — AML, multi-account
 * rings, responsible gaming — each with a state, an assignee and notes; the `compliance` operator
 * role that works them; and the player-protection events the responsible-gaming rules read (a limit
 * hit, a limit raise taking effect), which nothing recorded before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators drop constraint if exists operators_role_check`.execute(db);
  await sql`alter table operators add constraint operators_role_check
    check (role in ('support', 'finance', 'trader', 'compliance', 'admin'))`.execute(db);

  await db.schema
    .createTable('compliance_alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('aml', 'multi_account', 'rg')`))
    .addColumn('rule', 'text', (c) => c.notNull())
    // What the alert is about, so a scan that finds it again changes it instead of adding a twin
    // (e.g. `multi_account:phone:+5511…`, `aml:deposit:123`).
    .addColumn('subject_key', 'text', (c) => c.notNull().unique())
    // The players involved, ascending (JSON array of ids), and what the rule saw (JSON object).
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'reviewing', 'reported', 'dismissed')`),
    )
    .addColumn('assignee_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index compliance_alerts_queue_idx on compliance_alerts (kind, status, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('compliance_alert_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('compliance_alerts.id'))
    // Null for what the scan itself wrote (a ring that grew, a case reopened).
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index compliance_alert_notes_alert_idx on compliance_alert_notes (alert_id, id)`.execute(
    db,
  );

  await db.schema
    .createTable('rg_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('limit_hit', 'limit_raised')`))
    // Which limit: `deposit/day`, `loss/week`, … (and for a hit, the refused message key).
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index rg_events_user_idx on rg_events (user_id, at)`.execute(db);
  await sql`create index rg_events_at_idx on rg_events (at)`.execute(db);
}
