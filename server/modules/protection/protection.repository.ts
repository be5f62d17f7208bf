import { sql } from 'kysely';
import type { Db, Trx } from '../../infra/db/connection';
import type { ExclusionInput, LimitKind, LimitPeriod } from '../../../domain/schemas/protection.schema';

/**
 * Player protection's queries (issue 17: SQL here, rules in protection.service.ts): the player's
 * limits and their pending changes, what each window has used, exclusions and operator locks, and
 * the responsible-gaming events.
 */

/** Applies every raise or removal whose 24 h have passed. */
export async function applyDueLimitChanges(db: Db | Trx, userId: number): Promise<void> {
  await db
    .updateTable('player_limits')
    .set({ amount: sql`pending_amount`, pending_amount: null, pending_from: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('pending_from', '<=', new Date())
    .where('pending_amount', 'is not', null)
    .execute();
  await db
    .deleteFrom('player_limits')
    .where('user_id', '=', userId)
    .where('pending_from', '<=', new Date())
    .where('pending_amount', 'is', null)
    .execute();
}

export async function limitRowsOf(db: Db | Trx, userId: number) {
  return db
    .selectFrom('player_limits')
    .select(['kind', 'period', 'amount', 'pending_amount', 'pending_from'])
    .where('user_id', '=', userId)
    .execute();
}

/** One limit of the player, if set. */
export async function limitOf(db: Db | Trx, userId: number, kind: LimitKind, period: LimitPeriod) {
  return db
    .selectFrom('player_limits')
    .select(['amount', 'pending_from'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .executeTakeFirst();
}

export async function insertLimit(
  trx: Trx,
  limit: { userId: number; kind: LimitKind; period: LimitPeriod; amount: number },
): Promise<void> {
  await trx
    .insertInto('player_limits')
    .values({ user_id: limit.userId, kind: limit.kind, period: limit.period, amount: limit.amount })
    .execute();
}

/** Lowers a limit at once and withdraws a raise of it still waiting (it never takes effect). */
export async function lowerLimit(
  trx: Trx,
  limit: { userId: number; kind: LimitKind; period: LimitPeriod; amount: number },
): Promise<void> {
  await trx
    .updateTable('player_limits')
    .set({ amount: limit.amount, pending_amount: null, pending_from: null, updated_at: new Date() })
    .where('user_id', '=', limit.userId)
    .where('kind', '=', limit.kind)
    .where('period', '=', limit.period)
    .execute();
  await trx
    .deleteFrom('rg_events')
    .where('user_id', '=', limit.userId)
    .where('kind', '=', 'limit_raised')
    .where('detail', '=', `${limit.kind}/${limit.period}`)
    .where('at', '>', new Date())
    .execute();
}

/**
 * Schedules a raise or removal (`amount` null) of a limit for `from`; the first time, it also
 * records when it takes effect for the responsible-gaming queue.
 */
export async function scheduleLimitChange(
  trx: Trx,
  change: { userId: number; kind: LimitKind; period: LimitPeriod; amount: number | null; from: Date },
  firstTime: boolean,
): Promise<void> {
  await trx
    .updateTable('player_limits')
    .set({ pending_amount: change.amount, pending_from: change.from, updated_at: new Date() })
    .where('user_id', '=', change.userId)
    .where('kind', '=', change.kind)
    .where('period', '=', change.period)
    .execute();
  if (firstTime)
    await trx
      .insertInto('rg_events')
      .values({
        user_id: change.userId,
        kind: 'limit_raised',
        detail: `${change.kind}/${change.period}`,
        at: change.from,
      })
      .execute();
}

/**
 * Centavos deposited since `since`: credited orders plus, unless `creditedOnly`, charges still open
 * (they may yet be paid).
 */
export async function depositedCents(
  db: Db | Trx,
  userId: number,
  since: Date,
  creditedOnly = false,
): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where((eb) =>
      creditedOnly
        ? eb('status', '=', '10')
        : eb.or([
            eb('status', '=', '10'),
            eb.and([eb('status', '=', '00'), eb('expires_at', '>', new Date())]),
          ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Net loss since `since` (`player_lost_cents`, migration 019, the sum the loss-limit check uses). */
export async function lostCents(db: Db | Trx, userId: number, since: Date): Promise<number> {
  const { rows } = await sql<{
    cents: string;
  }>`select player_lost_cents(${userId}, ${since}) as cents`.execute(db);
  return Number(rows[0]!.cents);
}

/** What a stake of `cents` may still risk under the loss limits (`loss_limit_left`), or null when it fits. */
export async function lossLimitLeft(
  trx: Trx,
  userId: number,
  cents: number,
  at: Date,
): Promise<number | null> {
  const { rows } = await sql<{ left: string | null }>`
    select loss_limit_left(${userId}, ${cents}, ${at}) as left`.execute(trx);
  const left = rows[0]?.left;
  return left === null || left === undefined ? null : Number(left);
}

/** Seconds the player's sessions were active since `since` (from login to last activity). */
export async function sessionSeconds(db: Db, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(
      sql<string>`coalesce(sum(extract(epoch from (last_seen_at - greatest(created_at, ${since})))), 0)`.as(
        'seconds',
      ),
    )
    .where('kind', '=', 'player')
    .where('subject_id', '=', userId)
    .where('last_seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.seconds);
}

export async function realityCheckMinutesOf(db: Db, userId: number): Promise<number | null> {
  const user = await db
    .selectFrom('users')
    .select('reality_check_minutes')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.reality_check_minutes;
}

export async function setRealityCheckMinutes(db: Db, userId: number, minutes: number | null): Promise<void> {
  await db.updateTable('users').set({ reality_check_minutes: minutes }).where('id', '=', userId).execute();
}

export async function sessionStartedAt(db: Db, sessionId: number): Promise<Date> {
  const session = await db
    .selectFrom('sessions')
    .select('created_at')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return new Date(session.created_at);
}

/**
 * The net of the money that moved between the player's wallets and the casino or the sportsbook
 * since `since` (stakes out, payouts and refunds in), from the ledger.
 */
export async function gamingNetCents(db: Db, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select(sql<string>`coalesce(sum(p.amount), 0)`.as('cents'))
    .where('a.user_id', '=', userId)
    .where('a.kind', 'in', ['user_cash', 'user_bonus'])
    .where('t.created_at', '>=', since)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('ledger_postings as hp')
          .innerJoin('ledger_accounts as ha', 'ha.id', 'hp.account_id')
          .select('hp.id')
          .whereRef('hp.transaction_id', '=', 't.id')
          .where('ha.kind', 'in', ['house_game', 'house_sports']),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Records a limit the player hit, unless the same one was recorded in the last minute. */
export async function insertLimitHit(db: Db, userId: number, detail: string): Promise<void> {
  await sql`
    insert into rg_events (user_id, kind, detail)
    select ${userId}, 'limit_hit', ${detail}
    where not exists (
      select 1 from rg_events where user_id = ${userId} and kind = 'limit_hit'
        and detail = ${detail} and at > now() - interval '1 minute')`.execute(db);
}

/** Players with a session-time limit and a live session. */
export async function playersWithSessionLimitOnline(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('player_limits')
    .innerJoin('sessions', (join) =>
      join
        .onRef('sessions.subject_id', '=', 'player_limits.user_id')
        .on('sessions.kind', '=', 'player')
        .on('sessions.revoked_at', 'is', null),
    )
    .select('player_limits.user_id')
    .distinct()
    .where('player_limits.kind', '=', 'session')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The exclusion in force for the player, if any. */
export async function activeExclusion(db: Db | Trx, userId: number) {
  return db
    .selectFrom('player_exclusions')
    .select(['kind', 'ends_at'])
    .where('user_id', '=', userId)
    .where('starts_at', '<=', new Date())
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]))
    .orderBy(sql`ends_at is null`, 'desc')
    .orderBy('ends_at', 'desc')
    .executeTakeFirst();
}

/** When an operator locked the player (null: not locked; undefined: no such player). */
export async function lockedAtOf(db: Db | Trx, userId: number): Promise<Date | null | undefined> {
  const user = await db.selectFrom('users').select('locked_at').where('id', '=', userId).executeTakeFirst();
  return user?.locked_at;
}

/**
 * Records a cool-off or self-exclusion, in force from this moment (the clock now, not the
 * transaction's start, which came before the wait for the player's row).
 */
export async function insertExclusion(
  trx: Trx,
  exclusion: { userId: number; kind: ExclusionInput['kind']; endsAt: Date | null },
): Promise<void> {
  await trx
    .insertInto('player_exclusions')
    .values({
      user_id: exclusion.userId,
      kind: exclusion.kind,
      starts_at: sql<Date>`clock_timestamp()`,
      ends_at: exclusion.endsAt,
    })
    .execute();
}
