import { sql, type Kysely } from 'kysely';

/**
 * Operator changes to the configuration file's sections (issue 8, "Content and configuration"):
 * one row per edited section holds its whole new value, applied over TREVO_CONFIG at start and by
 * every running instance. `version` comes from one sequence, so the largest version tells an
 * instance at a glance whether anything changed since it last looked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence config_override_version`.execute(db);
  await db.schema
    .createTable('config_overrides')
    .addColumn('section', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().unique())
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
