import { sql, type ColumnType } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { PRIZE_LEVELS } from '../../../domain/schemas/console-desk.schema';
import { recordAudit } from '../../platform/audit-trail';

/**
 * Prize deadlines (issue 9; research/brazil.md §4.3, Portaria SPA/MF 615/2024): a prize is paid or
 * credited within 120 minutes of the end of its event. Casino prizes are credited in the bet's own
 * transaction, and a sports bet is settled within seconds of its fixture's final result; what can
 * wait is a sports bet the final result cannot settle (held for review, −1) until an operator
 * enters a result, or one settlement has not reached. This monitor, run by one instance under a
 * lease, gives each such bet a due time (the end of the last event it depends on + 120 minutes),
 * escalates before it and records the breach at it.
 *
 * It never moves money (docs/decisions.md): a held bet may be a winner or a loser, and its result
 * is exactly what nobody knows yet. Voiding it could take a win from the player; paying the
 * potential return could pay a loss that can no longer be taken back; settlement itself already
 * runs every second and pays whatever the stored results decide. So at the deadline it logs an
 * error and writes a breach that the database refuses to erase and the operators' hash-chained
 * audit trail seals, and the console shows the bet at the top of its list until it is settled.
 */

/** Minutes after the end of the event within which a prize must be paid or credited. */
export const PRIZE_DEADLINE_MINUTES = 120;
/** Minutes left at which the monitor escalates again (a warn line), farthest first. */
export const ESCALATE_AT_MINUTES = [60, 15] as const;
/**
 * An open bet still unsettled this long after its last event ended was not reached by settlement
 * (which takes about a second); before that it is just being settled, and is not listed.
 */
export const SETTLEMENT_GRACE_MS = 2 * 60_000;
/** How often the monitor looks (app.ts runs it under the lease `prize-deadlines`). */
export const PRIZE_MONITOR_INTERVAL_MS = 30_000;
/** The actor id of the entries Trevo itself writes into the operators' audit chain. */
export const SYSTEM_ACTOR_ID = 0;

/** A stage is stored as its index in the domain's PRIZE_LEVELS (found, warned, urgent, breached). */
const BREACHED = PRIZE_LEVELS.indexOf('breached');
const MINUTE_MS = 60_000;
const OPEN_STATES = ['open', 'pending', 'exception'];

/** The tables of migration 020, typed here (they belong to this module); a type, as Kysely asks. */
type PrizeTables = {
  sports_fixture_ends: {
    fixture_id: string;
    ended_at: ColumnType<Date, Date | undefined, never>;
  };
  prize_deadlines: {
    bet_id: string;
    user_id: number;
    fixture_id: string;
    ended_at: Date;
    due_at: Date;
    found_at: Date;
    found_state: string;
    stage: ColumnType<number, number | undefined, number>;
    breached_at: Date | null;
    resolved_at: Date | null;
    resolution: string | null;
  };
};

const prizeDb = (db: Db) => db.$extendTables<PrizeTables>();

/** A sports bet whose events have all ended and whose prize (if any) is not paid yet. */
export interface WaitingPrize {
  betId: string;
  userId: number;
  /** open (settlement has not reached it), pending (live decision) or exception (held for review). */
  state: string;
  stakeCents: number;
  potentialCents: number;
  fixtures: Array<{ id: string; label: string; endedAt: Date }>;
  /** The fixture that ended last: the prize was due from its end. */
  fixtureId: string;
  endedAt: Date;
  dueAt: Date;
}

/** The stage a prize due at `dueAt` has reached at `now`. */
export function stageAt(dueAt: Date, now: number): number {
  const left = dueAt.getTime() - now;
  if (left <= 0) return BREACHED;
  const [warn, urgent] = ESCALATE_AT_MINUTES;
  if (left <= urgent * MINUTE_MS) return 2;
  if (left <= warn * MINUTE_MS) return 1;
  return 0;
}

/**
 * Every sports bet still waiting after all its events ended, most urgent first. Candidates are
 * bets held for review, bets on fixtures that ended but settlement has not finished (`done` is
 * false), and bets already being watched — never the whole book.
 */
export async function findWaitingPrizes(db: Db, now: number): Promise<WaitingPrize[]> {
  const rows = await sql<{
    id: string;
    user_id: number;
    state: string;
    stake_cents: string | number;
    potential_cents: string | number;
    fixture_id: string;
    fixture_label: string;
    ended_at: Date | string | null;
  }>`
    with candidates as (
      select id as bet_id from sports_bets where state = 'exception'
      union
      select l.bet_id from sports_fixtures f
        join sports_fixture_ends e on e.fixture_id = f.id
        join sports_bet_legs l on l.fixture_id = f.id
       where not f.done
      union
      select bet_id from prize_deadlines where resolved_at is null
    )
    select b.id, b.user_id, b.state, b.stake_cents, b.potential_cents,
           l.fixture_id, l.fixture_label, e.ended_at
      from candidates c
      join sports_bets b on b.id = c.bet_id
      join sports_bet_legs l on l.bet_id = b.id
      left join sports_fixture_ends e on e.fixture_id = l.fixture_id
     where b.state in ('open', 'pending', 'exception')
     order by b.id, l.idx`.execute(db);
  const byBet = new Map<string, typeof rows.rows>();
  for (const row of rows.rows) byBet.set(row.id, [...(byBet.get(row.id) ?? []), row]);
  const waiting: WaitingPrize[] = [];
  for (const legs of byBet.values()) {
    // A leg on a fixture still to end: nothing is due yet.
    if (legs.some((l) => l.ended_at === null)) continue;
    const fixtures = legs.map((l) => ({
      id: l.fixture_id,
      label: l.fixture_label,
      endedAt: new Date(l.ended_at!),
    }));
    const last = fixtures.reduce((a, b) => (b.endedAt > a.endedAt ? b : a));
    const bet = legs[0]!;
    if (bet.state !== 'exception' && now - last.endedAt.getTime() < SETTLEMENT_GRACE_MS) continue;
    waiting.push({
      betId: bet.id,
      userId: bet.user_id,
      state: bet.state,
      stakeCents: Number(bet.stake_cents),
      potentialCents: Number(bet.potential_cents),
      fixtures,
      fixtureId: last.id,
      endedAt: last.endedAt,
      dueAt: new Date(last.endedAt.getTime() + PRIZE_DEADLINE_MINUTES * MINUTE_MS),
    });
  }
  return waiting.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.betId.localeCompare(b.betId));
}

/** Where the monitor writes (the app's pino logger satisfies it). */
export interface MonitorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PrizeMonitorOptions {
  /** Milliseconds since the epoch; Date.now() by default (tests move it). */
  now?: number;
  /** Where escalations go; the app's logger by default. */
  log?: MonitorLog;
}

/** What one pass did, for tests and the loop. */
export interface PrizeMonitorPass {
  waiting: number;
  found: number;
  escalated: number;
  breached: number;
  resolved: number;
}

/** Whole minutes from `from` to `to`, toward zero (negative when `to` is earlier). */
const minutesBetween = (from: number, to: number) => Math.trunc((to - from) / MINUTE_MS);

/**
 * One pass of the monitor: tracks every waiting prize, escalates each stage once (a warn line when
 * found, at an hour and at 15 minutes left; an error line and a recorded breach at the due time),
 * and closes the record of each one that was paid, lost or refunded since.
 */
export async function watchPrizeDeadlines(
  ctx: AppContext,
  options: PrizeMonitorOptions = {},
): Promise<PrizeMonitorPass> {
  const now = options.now ?? Date.now();
  const log = options.log ?? ctx.log;
  const db = prizeDb(ctx.db);
  const pass: PrizeMonitorPass = { waiting: 0, found: 0, escalated: 0, breached: 0, resolved: 0 };
  const waiting = await findWaitingPrizes(ctx.db, now);
  pass.waiting = waiting.length;
  const records = new Map(
    (waiting.length
      ? await db
          .selectFrom('prize_deadlines')
          .select(['bet_id', 'stage', 'resolved_at'])
          .where(
            'bet_id',
            'in',
            waiting.map((w) => w.betId),
          )
          .execute()
      : []
    ).map((r) => [r.bet_id, r]),
  );

  for (const w of waiting) {
    const fields = {
      betId: w.betId,
      fixtureId: w.fixtureId,
      userId: w.userId,
      state: w.state,
      endedAt: w.endedAt.toISOString(),
      dueAt: w.dueAt.toISOString(),
      minutesLeft: minutesBetween(now, w.dueAt.getTime()),
    };
    let record = records.get(w.betId);
    const isNew = record === undefined;
    if (!record) {
      await db
        .insertInto('prize_deadlines')
        .values({
          bet_id: w.betId,
          user_id: w.userId,
          fixture_id: w.fixtureId,
          ended_at: w.endedAt,
          due_at: w.dueAt,
          found_at: new Date(now),
          found_state: w.state,
          stage: 0,
        })
        .onConflict((oc) => oc.column('bet_id').doNothing())
        .execute();
      record = { bet_id: w.betId, stage: 0, resolved_at: null };
      pass.found++;
    } else if (record.resolved_at !== null) {
      // A corrected result took a settled bet back (held again): the same deadline applies.
      await db
        .updateTable('prize_deadlines')
        .set({ resolved_at: null, resolution: null })
        .where('bet_id', '=', w.betId)
        .execute();
      log.warn(fields, 'prize waiting again after a result correction');
    }
    const target = stageAt(w.dueAt, now);
    if (target === BREACHED && record.stage < BREACHED) {
      const breached = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .$extendTables<PrizeTables>()
          .updateTable('prize_deadlines')
          .set({ stage: BREACHED, breached_at: new Date(now) })
          .where('bet_id', '=', w.betId)
          .where('stage', '<', BREACHED)
          .returning('bet_id')
          .executeTakeFirst();
        if (!row) return false;
        await recordAudit(trx, {
          actorId: SYSTEM_ACTOR_ID,
          action: 'prize.deadline.breach',
          object: `sports_bet:${w.betId}`,
          before: { stage: PRIZE_LEVELS[record.stage], dueAt: fields.dueAt },
          after: {
            stage: 'breached',
            breachedAt: new Date(now).toISOString(),
            state: w.state,
            fixtureId: w.fixtureId,
            endedAt: fields.endedAt,
          },
          requestId: `prize-monitor:${w.betId}`,
        });
        return true;
      });
      if (breached) {
        pass.breached++;
        log.error(
          fields,
          `prize deadline breached: sports bet ${w.betId} (${w.state}) still unpaid ${PRIZE_DEADLINE_MINUTES} minutes after its event ended`,
        );
      }
    } else if (target > record.stage || isNew) {
      if (target > record.stage) {
        await db
          .updateTable('prize_deadlines')
          .set({ stage: target })
          .where('bet_id', '=', w.betId)
          .where('stage', '<', target)
          .execute();
        pass.escalated++;
      }
      log.warn(
        fields,
        w.state === 'exception'
          ? `prize held for review: sports bet ${w.betId} needs an operator's result, ${fields.minutesLeft} minutes left`
          : `prize not settled: sports bet ${w.betId} is ${w.state} after its event ended, ${fields.minutesLeft} minutes left`,
      );
    }
  }

  // Watched prizes no longer waiting: settled (paid or lost), refused or cashed out since.
  const stillWaiting = new Set(waiting.map((w) => w.betId));
  const open = await db
    .selectFrom('prize_deadlines')
    .innerJoin('sports_bets', 'sports_bets.id', 'prize_deadlines.bet_id')
    .select([
      'prize_deadlines.bet_id',
      'prize_deadlines.stage',
      'prize_deadlines.due_at',
      'sports_bets.state',
      'sports_bets.result_code',
      'sports_bets.payout_cents',
    ])
    .where('prize_deadlines.resolved_at', 'is', null)
    .execute();
  for (const r of open) {
    if (stillWaiting.has(r.bet_id) || OPEN_STATES.includes(r.state)) continue;
    const resolution = `${r.state}:${r.result_code}`;
    const done = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .$extendTables<PrizeTables>()
        .updateTable('prize_deadlines')
        .set({ resolved_at: new Date(now), resolution })
        .where('bet_id', '=', r.bet_id)
        .where('resolved_at', 'is', null)
        .returning('bet_id')
        .executeTakeFirst();
      if (row && r.stage === BREACHED) {
        await recordAudit(trx, {
          actorId: SYSTEM_ACTOR_ID,
          action: 'prize.deadline.resolved',
          object: `sports_bet:${r.bet_id}`,
          before: { stage: 'breached', dueAt: new Date(r.due_at).toISOString() },
          after: {
            resolvedAt: new Date(now).toISOString(),
            resolution,
            payout: centsToBrl(Number(r.payout_cents)),
            minutesLate: minutesBetween(new Date(r.due_at).getTime(), now),
          },
          requestId: `prize-monitor:${r.bet_id}`,
        });
      }
      return row !== undefined;
    });
    if (!done) continue;
    pass.resolved++;
    const fields = { betId: r.bet_id, resolution, dueAt: new Date(r.due_at).toISOString() };
    if (r.stage === BREACHED)
      log.warn(
        { ...fields, minutesLate: minutesBetween(new Date(r.due_at).getTime(), now) },
        'prize settled after its deadline',
      );
    else log.info(fields, 'prize settled within its deadline');
  }
  return pass;
}

/** Breaches the operators' read lists, newest first. */
const BREACHES_SHOWN = 100;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The operators' view (`GET /api/admin/sports/prize-deadlines`): every prize waiting after its
 * event ended, most urgent first, with its due time and the stage the clock gives it now; and
 * the latest recorded breaches, paid late or still open.
 */
export async function prizeDeadlineReport(ctx: AppContext, now = Date.now()) {
  const db = prizeDb(ctx.db);
  const waiting = await findWaitingPrizes(ctx.db, now);
  const ids = waiting.map((w) => w.betId);
  const records = new Map(
    (ids.length
      ? await db
          .selectFrom('prize_deadlines')
          .select(['bet_id', 'stage', 'breached_at'])
          .where('bet_id', 'in', ids)
          .execute()
      : []
    ).map((r) => [r.bet_id, r]),
  );
  const userIds = [...new Set(waiting.map((w) => w.userId))];
  const names = new Map(
    (userIds.length
      ? await ctx.db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
      : []
    ).map((u) => [u.id, u.username]),
  );
  const breaches = await db
    .selectFrom('prize_deadlines')
    .innerJoin('users', 'users.id', 'prize_deadlines.user_id')
    .select([
      'prize_deadlines.bet_id',
      'prize_deadlines.user_id',
      'users.username',
      'prize_deadlines.fixture_id',
      'prize_deadlines.found_state',
      'prize_deadlines.ended_at',
      'prize_deadlines.due_at',
      'prize_deadlines.breached_at',
      'prize_deadlines.resolved_at',
      'prize_deadlines.resolution',
    ])
    .where('prize_deadlines.breached_at', 'is not', null)
    .orderBy('prize_deadlines.breached_at', 'desc')
    .orderBy('prize_deadlines.bet_id')
    .limit(BREACHES_SHOWN)
    .execute();
  return {
    now: iso(new Date(now)),
    deadlineMinutes: PRIZE_DEADLINE_MINUTES,
    waiting: waiting.map((w) => {
      const record = records.get(w.betId);
      return {
        betId: w.betId,
        userId: w.userId,
        username: names.get(w.userId) ?? '',
        state: w.state,
        stake: centsToBrl(w.stakeCents),
        potentialReturn: centsToBrl(w.potentialCents),
        fixtureId: w.fixtureId,
        fixtures: w.fixtures.map((f) => ({ id: f.id, label: f.label, endedAt: iso(f.endedAt) })),
        endedAt: iso(w.endedAt),
        dueAt: iso(w.dueAt),
        minutesLeft: minutesBetween(now, w.dueAt.getTime()),
        level: PRIZE_LEVELS[stageAt(w.dueAt, now)]!,
        breachedAt: record?.breached_at ? iso(record.breached_at) : null,
      };
    }),
    breaches: breaches.map((b) => ({
      betId: b.bet_id,
      userId: b.user_id,
      username: b.username,
      fixtureId: b.fixture_id,
      state: b.found_state,
      endedAt: iso(b.ended_at),
      dueAt: iso(b.due_at),
      breachedAt: iso(b.breached_at!),
      resolvedAt: b.resolved_at ? iso(b.resolved_at) : null,
      resolution: b.resolution,
      minutesLate: minutesBetween(
        new Date(b.due_at).getTime(),
        b.resolved_at ? new Date(b.resolved_at).getTime() : now,
      ),
    })),
  };
}
