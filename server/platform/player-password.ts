import type { Db } from '../infra/db/connection';
import { verifyPassword } from '../infra/security/passwords';

/**
 * Whether `pwd` is the player's password: asked again before a change of password and before a
 * cool-off or self-exclusion (modules auth and protection), one rule for both.
 */
export async function isPlayerPassword(db: Db, userId: number, pwd: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return verifyPassword(pwd, user.password_hash);
}
