import { sql, type Kysely } from 'kysely';

/**
 * When a compliance case was reported to COAF, kept apart from its state (red-team review): a
 * reported ring that gains an account opens again for review, and the report must not vanish from
 * the "reported" filter when it does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('compliance_alerts').addColumn('reported_at', 'timestamptz').execute();
  await sql`update compliance_alerts set reported_at = updated_at where status = 'reported'`.execute(db);
}
