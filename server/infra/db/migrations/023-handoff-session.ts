import { sql, type Kysely } from 'kysely';

/**
 * A hand-off code belongs to the session that made it (trust review: a code minted by a stolen
 * session was still exchanged for a new session after the victim reset the password, which ends
 * every session). The exchange now takes a code only while its session is live, so whatever ends
 * a session (logout, a password change or reset, a lock, a self-exclusion, the session-time
 * limit) voids the codes it made, with no list of places to remember. Codes made before this
 * migration have no session and are voided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table handoff_codes add column session_id integer references sessions(id)`.execute(db);
  await sql`update handoff_codes set used_at = now() where used_at is null`.execute(db);
}
