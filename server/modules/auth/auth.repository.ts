import { sql, type Insertable } from 'kysely';
import type { Db } from '../../infra/db/connection';
import type { PlayerLimitsTable, UsersTable } from '../../infra/db/schema';

/**
 * The account's front door, its queries (issue 17: SQL here, rules in the services): accounts,
 * sign-in throttles, password resets, hand-off codes and captcha answers. Every single-use answer
 * is claimed in the one statement that checks it (a guarded update or a delete … returning), so
 * concurrent calls cannot both win.
 */

/** The id of the player whose invite code this is. */
export async function userIdByInviteCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('yqm', '=', code).executeTakeFirst();
  return row?.id;
}

/** An account holding this e-mail, or (a real account) this CPF. */
export async function accountHolding(db: Db, username: string, cpf: string) {
  return db
    .selectFrom('users')
    .select(['username', 'cpf'])
    .where((eb) =>
      eb.or([eb('username', '=', username), eb.and([eb('cpf', '=', cpf), eb('test_flag', '=', 0)])]),
    )
    .executeTakeFirst();
}

/** Creates an account and the limits it starts with, in one transaction; returns its id. */
export async function insertAccount(
  db: Db,
  user: Insertable<UsersTable>,
  limits: Array<Omit<Insertable<PlayerLimitsTable>, 'user_id'>>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    if (limits.length > 0) {
      await trx
        .insertInto('player_limits')
        .values(limits.map((l) => ({ ...l, user_id: created.id })))
        .execute();
    }
    return created.id;
  });
}

/**
 * Spends one sign-in attempt of an account (`login_attempt_spend`, migration 022) under the
 * account's row lock: `ok`, or the seconds to wait.
 */
export async function spendLoginAttempt(
  db: Db,
  username: string,
  rule: { freeFailures: number; maxDelayS: number; perAccountPerHour: number },
): Promise<{ status: string; seconds?: number }> {
  const { rows } = await sql<{ result: { status: string; seconds?: number } | string }>`
    select login_attempt_spend(${username}, ${new Date()}, ${rule.freeFailures},
      ${rule.maxDelayS}, ${rule.perAccountPerHour}) as result`.execute(db);
  const raw = rows[0]!.result;
  return typeof raw === 'string' ? (JSON.parse(raw) as { status: string; seconds?: number }) : raw;
}

/** Forgets an account's failed sign-ins (the password proved right). */
export async function clearLoginThrottle(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('username', '=', username).execute();
}

export async function credentialsByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function setPasswordHash(db: Db, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

export async function userIdByUsername(db: Db, username: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row?.id;
}

export async function insertResetCode(db: Db, reset: { email: string; codeHash: string; expiresAt: Date }) {
  await db
    .insertInto('password_resets')
    .values({ email: reset.email, code_hash: reset.codeHash, expires_at: reset.expiresAt })
    .execute();
}

/** Hands a reset's check id out once: false when a racing right guess took it first. */
export async function claimResetCheckId(db: Db, resetId: number, checkIdHash: string): Promise<boolean> {
  const claimed = await db
    .updateTable('password_resets')
    .set({ check_id_hash: checkIdHash })
    .where('id', '=', resetId)
    .where('check_id_hash', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Uses a live check id once; the reset's e-mail, or undefined. */
export async function useResetCheckId(db: Db, checkIdHash: string): Promise<string | undefined> {
  const reset = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('check_id_hash', '=', checkIdHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('email')
    .executeTakeFirst();
  return reset?.email;
}

/** Sets the password of the account with this e-mail; its id, or undefined. */
export async function setPasswordByUsername(
  db: Db,
  username: string,
  hash: string,
): Promise<number | undefined> {
  const user = await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirst();
  return user?.id;
}

export async function insertHandoff(
  db: Db,
  handoff: { codeHash: string; userId: number; sessionId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('handoff_codes')
    .values({
      code_hash: handoff.codeHash,
      user_id: handoff.userId,
      session_id: handoff.sessionId,
      expires_at: handoff.expiresAt,
    })
    .execute();
}

/** Uses a live hand-off code once, while the session that made it is live; its player, or undefined. */
export async function useHandoff(db: Db, codeHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('handoff_codes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.id', '=', 'handoff_codes.session_id')
          .where('sessions.revoked_at', 'is', null),
      ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Stores the answer of `codeId` (replacing an earlier one) and clears answers long expired. */
export async function storeCaptcha(db: Db, captcha: { codeId: string; answerHash: string; expiresAt: Date }) {
  await db
    .insertInto('captchas')
    .values({ code_id: captcha.codeId, answer_hash: captcha.answerHash, expires_at: captcha.expiresAt })
    .onConflict((oc) =>
      oc.column('code_id').doUpdateSet({ answer_hash: captcha.answerHash, expires_at: captcha.expiresAt }),
    )
    .execute();
  // Expired answers are useless; clearing them here keeps the table small without a scheduler.
  await db
    .deleteFrom('captchas')
    .where('expires_at', '<', sql<Date>`now() - interval '10 minutes'`)
    .execute();
}

/** Takes the answer of `codeId` away in the statement that reads it: one try per image. */
export async function takeCaptcha(db: Db, codeId: string) {
  return db
    .deleteFrom('captchas')
    .where('code_id', '=', codeId)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}
