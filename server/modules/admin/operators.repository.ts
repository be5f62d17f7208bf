import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import { AppError, notFound } from '../../infra/http/errors';

/**
 * The `operators` table: accounts of the console, their roles and authenticator seeds. Functions
 * that write and audit open their own transaction and run `audit` inside it, so an action and its
 * record commit together.
 */

/** The id of the operator with this username, if any. */
export async function findOperatorId(db: Db, username: string) {
  return db.selectFrom('operators').select('id').where(byUsername(username)).executeTakeFirst();
}

/** Usernames are one account whatever their case (migration 027's unique index). */
const byUsername = (username: string) => sql<boolean>`lower(username) = ${username.toLowerCase()}`;

/** Inserts an operator unless the username is taken (then nothing happens). */
export async function insertOperatorIfAbsent(
  db: Db,
  values: { username: string; password_hash: string; role: string },
): Promise<void> {
  await db
    .insertInto('operators')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** What a login checks: the password hash, the role and the (sealed) authenticator seeds. */
export async function findOperatorCredentials(db: Db, username: string) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'password_hash', 'role', 'totp_secret', 'totp_pending_secret', 'disabled_at'])
    .where(byUsername(username))
    .executeTakeFirst();
}

/**
 * Records `step` as the operator's last accepted authenticator step, only if it is later than the
 * last one; false when another login took it first (the guarded update accepts a code once).
 */
export async function acceptTotpStep(db: Db, operatorId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Replaces the operator's authenticator seed by its sealed form. */
export async function storeSealedTotpSecret(db: Db, operatorId: number, sealed: string): Promise<void> {
  await db.updateTable('operators').set({ totp_secret: sealed }).where('id', '=', operatorId).execute();
}

/**
 * One transaction for a successful login: the pending authenticator becomes the operator's own
 * (when `enrolledSecret`, sealed, is given), then `audit` records the login.
 */
export async function completeOperatorLogin(
  db: Db,
  operatorId: number,
  enrolledSecret: string | null,
  audit: (trx: Trx) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (enrolledSecret !== null) {
      await trx
        .updateTable('operators')
        .set({
          totp_secret: enrolledSecret,
          totp_pending_secret: null,
          totp_enrolled_at: new Date(),
        })
        .where('id', '=', operatorId)
        .execute();
    }
    await audit(trx);
  });
}

/** Stores a new authenticator seed (sealed) waiting for its first code, unless one is enrolled. */
export async function storePendingTotpSecret(db: Db, operatorId: number, sealed: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totp_pending_secret: sealed })
    .where('id', '=', operatorId)
    .where('totp_secret', 'is', null)
    .execute();
}

/** The signed-in operator as the console shows them. */
export async function findOperatorProfile(db: Db, operatorId: number) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role', 'totp_enrolled_at'])
    .where('id', '=', operatorId)
    .executeTakeFirstOrThrow();
}

/** Every operator account, oldest first. */
export async function listOperators(db: Db) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role', 'totp_enrolled_at', 'created_at', 'disabled_at', 'disabled_reason'])
    .orderBy('id')
    .execute();
}

/** Creates an operator and audits it; 409 `operatorExists` when the username is taken. */
export async function createOperator(
  db: Db,
  values: { username: string; password_hash: string; role: string },
  audit: (trx: Trx, created: { id: number; username: string; role: string }) => Promise<void>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operators')
      .values(values)
      // Any unique clash, the exact name's or a case twin's, is the same refusal.
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'username', 'role'])
      .executeTakeFirst();
    if (!row) throw new AppError(409, 'operatorExists');
    await audit(trx, row);
    return row;
  });
}

/** Changes an operator's role under the row's lock and audits it with the role before; 404 if none. */
export async function changeOperatorRole(
  db: Db,
  operatorId: number,
  role: string,
  audit: (trx: Trx, before: { role: string }) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('operators')
      .select('role')
      .where('id', '=', operatorId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await trx.updateTable('operators').set({ role }).where('id', '=', operatorId).execute();
    await audit(trx, before);
  });
}

/** Forgets an operator's authenticator (enrolled and pending) and audits it; 404 if no such operator. */
export async function resetOperatorTotp(
  db: Db,
  operatorId: number,
  audit: (trx: Trx) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('operators')
      .set({ totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null })
      .where('id', '=', operatorId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound();
    await audit(trx);
  });
}

/**
 * Disables (with `reason`) or re-enables an operator account under the row's lock and audits it
 * with the state before; 404 if none. Disabling an account already disabled changes nothing but
 * the reason.
 */
export async function setOperatorDisabled(
  db: Db,
  operatorId: number,
  reason: string | null,
  audit: (trx: Trx, before: { disabled: boolean }) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('operators')
      .select('disabled_at')
      .where('id', '=', operatorId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await trx
      .updateTable('operators')
      .set(
        reason === null
          ? { disabled_at: null, disabled_reason: '' }
          : { disabled_at: before.disabled_at ?? new Date(), disabled_reason: reason },
      )
      .where('id', '=', operatorId)
      .execute();
    // A disabled operator's first approvals no longer count: the two must both be trusted now.
    if (reason !== null) {
      await trx
        .updateTable('withdrawals')
        .set({ first_approved_by: null, first_approved_at: null })
        .where('first_approved_by', '=', operatorId)
        .where('payout_state', '=', 'waiting_approval')
        .execute();
    }
    await audit(trx, { disabled: before.disabled_at !== null });
  });
}
