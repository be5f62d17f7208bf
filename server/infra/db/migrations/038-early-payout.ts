import { sql, type Kysely } from 'kysely';

/**
 * Pagamento Antecipado (issue 16): when a football Resultado Final single was paid as won because
 * its team went two goals ahead (live.ts, early-payout.service.ts). Once set, the bet stays won
 * whatever the final result: settlement reads the mark, not the score.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sports_bets add column early_paid_at timestamptz`.execute(db);
}
