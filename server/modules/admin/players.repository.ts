import { containsPattern } from '../../infra/db/like';
import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import { notFound } from '../../infra/http/errors';
import { lockPlayer } from '../../platform/money/lock-order';
import { endPlayerSessions } from '../../platform/sessions';

/** Players found per search (a search is for one person, not a listing). */
/** Postings shown in a player's money history, newest first. */
const LEDGER_PAGE = 200;
/** Notes shown on a player's page, newest first. */
const NOTES_SHOWN = 100;

/** What the player list is filtered by; instants for the São Paulo days of sign-up. */
export interface PlayerFilter {
  q?: string;
  status?: 'locked' | 'active';
  review?: 'none' | 'pending' | 'approved' | 'rejected';
  vip?: number;
  since?: Date;
  until?: Date;
}

function playerQuery(db: Db, filter: PlayerFilter) {
  let query = db.selectFrom('users').where('test_flag', '=', 0);
  if (filter.q) {
    const q = filter.q;
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) => {
      const any = [eb('username', 'ilike', containsPattern(q)), eb('yqm', '=', q)];
      if (digits.length === 11) any.push(eb('cpf', '=', digits));
      return eb.or(any);
    });
  }
  if (filter.status === 'locked') query = query.where('locked_at', 'is not', null);
  if (filter.status === 'active') query = query.where('locked_at', 'is', null);
  if (filter.review) query = query.where('kyc_review', '=', filter.review);
  if (filter.vip !== undefined) query = query.where('level', '=', filter.vip);
  if (filter.since) query = query.where('created_at', '>=', filter.since);
  if (filter.until) query = query.where('created_at', '<', filter.until);
  return query;
}

/** A page of players matching `filter`, newest first, and how many match. */
export async function findPlayers(db: Db, filter: PlayerFilter, page: number, size: number) {
  const rows = await playerQuery(db, filter)
    .select(['id', 'username', 'name', 'cpf', 'yqm', 'level', 'kyc', 'kyc_review', 'locked_at', 'created_at'])
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await playerQuery(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The player's account as support sees it, or undefined. */
export async function findPlayerAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'name',
      'cpf',
      'phone',
      'yqm',
      'level',
      'kyc',
      'kyc_review',
      'birth_date',
      'created_at',
      'locked_at',
      'locked_reason',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The player's sessions that are neither revoked, expired nor idle for `idleMs`, newest first. */
export async function findLivePlayerSessions(db: Db, userId: number, idleMs: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip'])
    .where('kind', '=', 'player')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('last_seen_at', '>', new Date(Date.now() - idleMs))
    .orderBy('id', 'desc')
    .execute();
}

/** Operators' notes on the player, newest first, with the operator's username. */
export async function findPlayerNotes(db: Db, userId: number) {
  return db
    .selectFrom('player_notes as n')
    .innerJoin('operators as o', 'o.id', 'n.operator_id')
    .select(['n.id', 'n.text', 'n.created_at', 'o.username as operator'])
    .where('n.user_id', '=', userId)
    .orderBy('n.id', 'desc')
    .limit(NOTES_SHOWN)
    .execute();
}

/** The player's latest exclusion that has not ended, if any. */
export async function findCurrentExclusion(db: Db, userId: number) {
  return db
    .selectFrom('player_exclusions')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The postings on the player's accounts with their transactions, newest transaction first. */
export async function findPlayerPostings(db: Db, userId: number) {
  return db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      't.id as txId',
      't.kind as txKind',
      't.reference',
      't.created_at',
      'a.kind as account',
      'p.amount',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('t.id', 'desc')
    .orderBy('p.id')
    .limit(LEDGER_PAGE)
    .execute();
}

/** Whether a player with this id exists. */
export async function playerExists(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return Boolean(row);
}

/**
 * Locks the account with `reason` (keeping the first lock's time) or unlocks it (`null`), under the
 * row's lock, and runs `audit` with the state before in the same transaction; 404 if no such player.
 * A lock ends the player's sessions in that transaction, so no bet is taken after it; answers
 * their ids (the caller disconnects their sockets).
 */
export async function setPlayerLock(
  db: Db,
  userId: number,
  reason: string | null,
  audit: (trx: Trx, before: { locked_at: Date | null; locked_reason: string }) => Promise<void>,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const before = await lockPlayer(trx, userId, ['locked_at', 'locked_reason']);
    await trx
      .updateTable('users')
      .set(
        reason === null
          ? { locked_at: null, locked_reason: '' }
          : { locked_at: before.locked_at ?? new Date(), locked_reason: reason },
      )
      .where('id', '=', userId)
      .execute();
    await audit(trx, before);
    return reason === null ? [] : endPlayerSessions(trx, userId);
  });
}

/** Appends an operator's note on a player and runs `audit` in the same transaction; 404 if no such player. */
export async function addPlayerNote(
  db: Db,
  note: { userId: number; operatorId: number; text: string },
  audit: (trx: Trx, row: { id: number; created_at: Date }) => Promise<void>,
) {
  return db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', note.userId)
      .executeTakeFirst();
    if (!exists) throw notFound();
    const row = await trx
      .insertInto('player_notes')
      .values({ user_id: note.userId, operator_id: note.operatorId, text: note.text })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await audit(trx, row);
    return row;
  });
}

/** One page of a player's deposit orders, newest first, and how many they have in all. */
export async function findDepositOrders(db: Db, userId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select([
        'id',
        'pkg_id',
        'amount_cents',
        'gift_cents',
        'status',
        'note',
        'txid',
        'end_to_end_id',
        'created_at',
        'paid_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('deposit_orders')
      .select(sql<string>`count(*)`.as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A casino or sports bet by its number, with its player (the console's "find a bet"). */
export async function findBetById(db: Db, id: string) {
  const casino = await db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .select([
      'bets.id',
      'bets.user_id',
      'users.username',
      'bets.game as product',
      'bets.amount_cents as stake',
      'bets.payout_cents as payout',
      'bets.status as state',
      'bets.created_at as placed_at',
      'bets.settled_at',
    ])
    .where('bets.id', '=', id)
    .executeTakeFirst();
  if (casino) return { kind: 'casino' as const, ...casino };
  const sports = await db
    .selectFrom('sports_bets')
    .innerJoin('users', 'users.id', 'sports_bets.user_id')
    .select([
      'sports_bets.id',
      'sports_bets.user_id',
      'users.username',
      'sports_bets.kind as product',
      'sports_bets.stake_cents as stake',
      'sports_bets.payout_cents as payout',
      'sports_bets.state',
      'sports_bets.placed_at',
      'sports_bets.settled_at',
    ])
    .where('sports_bets.id', '=', id)
    .executeTakeFirst();
  return sports ? { kind: 'sports' as const, ...sports } : undefined;
}
