import { sql } from 'kysely';
import type { Db, Trx } from '../infra/db/connection';
import { sameDigest, sha256Hex } from '../infra/security/tokens';

/**
 * Guessing a one-time code (a password-reset code, a transfer code): each guess spends one attempt
 * of the newest live code in the same statement that reads it, so concurrent guesses are counted
 * one by one and no more than `maxAttempts` are ever compared — reading the count and writing it
 * back later let 150 concurrent guesses through a cap of 5 on PostgreSQL (trust issue, finding 2).
 * Returns the code's id when the guess is right, null otherwise (no live code, out of attempts, or
 * wrong: the caller answers all three alike).
 */
export async function guessCode(
  db: Db | Trx,
  code: {
    table: 'password_resets' | 'transfer_codes';
    owner: { column: 'email' | 'user_id'; value: string | number };
    guess: string;
    maxAttempts: number;
    /** Extra condition a live code meets (a reset whose check id was not handed out yet). */
    unclaimed?: 'check_id_hash';
  },
): Promise<number | null> {
  const table = sql.table(code.table);
  const unclaimed = code.unclaimed ? sql`and ${sql.ref(code.unclaimed)} is null` : sql``;
  const { rows } = await sql<{ id: number; code_hash: string }>`
    update ${table} set attempts = attempts + 1
     where id = (select id from ${table}
                  where ${sql.ref(code.owner.column)} = ${code.owner.value}
                    and used_at is null ${unclaimed} and expires_at > now()
                  order by id desc limit 1)
       and attempts < ${code.maxAttempts}
    returning id, code_hash`.execute(db);
  const row = rows[0];
  if (!row || !sameDigest(row.code_hash, sha256Hex(code.guess))) return null;
  return Number(row.id);
}
