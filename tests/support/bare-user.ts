import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/infra/db/connection';

/**
 * Inserts a player row directly, without sign-up (no password, no session), for benches and tests
 * that post to the ledger without going through the API. Returns the new id.
 */
let made = 0;

export async function insertBareUser(db: Db, fields: { username?: string; cpf?: string; yqm?: string } = {}) {
  const { id } = await db
    .insertInto('users')
    .values({
      username: fields.username ?? `bare-${randomBytes(6).toString('hex')}@example.com`,
      // Unique, not a valid CPF: the row never meets the checks of sign-up.
      cpf: fields.cpf ?? String(Date.now() % 1e8).padStart(8, '0') + String(made++ % 1000).padStart(3, '0'),
      password_hash: 'x',
      yqm: fields.yqm ?? randomBytes(4).toString('hex'),
      name: '',
      phone: '',
      country: '+55',
      referrer_id: null,
      birth_date: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
