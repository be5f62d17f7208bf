import type { AppContext } from '../../platform/context';
import type { Db } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { PRIZE_LEVELS } from '../../../domain/schemas/console-desk.schema';
import { recordAudit } from '../../platform/audit-trail';
import {
  insertDeadline,
  latestBreaches,
  markBreached,
  markResolved,
  raiseStage,
  reopenDeadline,
  reportedDeadlinesOf,
  unresolvedDeadlines,
  usernamesOf,
  waitingPrizeLegs,
  watchedDeadlinesOf,
  type WaitingLegRow,
} from './prize-deadlines.repository';

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
 * Every sports bet still waiting after all its events ended, most urgent first (the candidates are
 * waitingPrizeLegs'); a bet settlement may still reach only once its grace has passed.
 */
export async function findWaitingPrizes(db: Db, now: number): Promise<WaitingPrize[]> {
  const rows = await waitingPrizeLegs(db);
  const byBet = new Map<string, WaitingLegRow[]>();
  for (const row of rows) byBet.set(row.id, [...(byBet.get(row.id) ?? []), row]);
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
  const pass: PrizeMonitorPass = { waiting: 0, found: 0, escalated: 0, breached: 0, resolved: 0 };
  const waiting = await findWaitingPrizes(ctx.db, now);
  pass.waiting = waiting.length;
  const records = new Map(
    (
      await watchedDeadlinesOf(
        ctx.db,
        waiting.map((w) => w.betId),
      )
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
      await insertDeadline(ctx.db, {
        betId: w.betId,
        userId: w.userId,
        fixtureId: w.fixtureId,
        endedAt: w.endedAt,
        dueAt: w.dueAt,
        foundAt: new Date(now),
        state: w.state,
      });
      record = { bet_id: w.betId, stage: 0, resolved_at: null };
      pass.found++;
    } else if (record.resolved_at !== null) {
      // A corrected result took a settled bet back (held again): the same deadline applies.
      await reopenDeadline(ctx.db, w.betId);
      log.warn(fields, 'prize waiting again after a result correction');
    }
    const target = stageAt(w.dueAt, now);
    if (target === BREACHED && record.stage < BREACHED) {
      const breached = await ctx.db.transaction().execute(async (trx) => {
        const marked = await markBreached(trx, w.betId, BREACHED, new Date(now));
        if (!marked) return false;
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
        await raiseStage(ctx.db, w.betId, target);
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
  const open = await unresolvedDeadlines(ctx.db);
  for (const r of open) {
    if (stillWaiting.has(r.bet_id) || OPEN_STATES.includes(r.state)) continue;
    const resolution = `${r.state}:${r.result_code}`;
    const done = await ctx.db.transaction().execute(async (trx) => {
      const resolved = await markResolved(trx, r.bet_id, new Date(now), resolution);
      if (resolved && r.stage === BREACHED) {
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
      return resolved;
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
  const waiting = await findWaitingPrizes(ctx.db, now);
  const ids = waiting.map((w) => w.betId);
  const records = new Map((await reportedDeadlinesOf(ctx.db, ids)).map((r) => [r.bet_id, r]));
  const userIds = [...new Set(waiting.map((w) => w.userId))];
  const names = new Map((await usernamesOf(ctx.db, userIds)).map((u) => [u.id, u.username]));
  const breaches = await latestBreaches(ctx.db, BREACHES_SHOWN);
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
