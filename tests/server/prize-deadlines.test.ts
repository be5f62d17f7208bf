import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { auth, call, fundedPlayer } from './helpers';
import { afterStartOf, buildSportsApp, manualClock } from './sports/sports-helpers';
import { auditLedger } from '../../server/platform/money/ledger-audit';
import { playerBalances } from '../../server/platform/money/ledger';
import { verifyAuditChain } from '../../server/platform/audit-trail';
import type { SimulatedFeed } from '../../server/modules/sports/sim/simulated-feed';
import type { FixtureSnapshot } from '../../server/modules/sports/feed';
import { runSettlement } from '../../server/modules/sports/jobs';
import { storeResult } from '../../server/modules/sports/settlement.service';
import {
  findWaitingPrizes,
  PRIZE_DEADLINE_MINUTES,
  SETTLEMENT_GRACE_MS,
  watchPrizeDeadlines,
  type MonitorLog,
} from '../../server/modules/protection/prize-deadline';
import { BetResult, MatchTime } from '../../domain/codes';

/**
 * Prizes within 120 minutes of the end of the event (issue 9, Portaria SPA/MF 615/2024): a sports
 * bet the final result cannot settle (held for review) or that settlement has not reached gets a
 * due time, the monitor escalates before it and records the breach at it, and operators read the
 * list most urgent first. Time moves through the injected clock of the monitor, or through the
 * database (a fixture's end written before its result, as if the feed had reported it late).
 */

/** Wednesday 11 March 2026, 09:00 in São Paulo. */
const START = Date.UTC(2026, 2, 11, 12, 0);
const clock = manualClock(START);
const MINUTE = 60_000;
let app: FastifyInstance;
let operator: Record<string, string>;

beforeAll(async () => {
  app = await buildSportsApp(clock.now);
  operator = auth(await login('operador'));
});
afterEach(async () => {
  expect(await auditLedger(app.ctx.db)).toEqual([]);
});
afterAll(async () => {
  await app.close();
});

async function login(username: string) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, pwd: 'Operador#Seguro2026' },
  });
  return res.body.data.access_token as string;
}

const feed = () => app.sports.feed as SimulatedFeed;
let counter = 0;
const key = () => `pd-${Date.now()}-${counter++}`;
type Leg = { fixtureId: string; marketId: string; outcomeId: string; odds: number };

/** Upcoming football fixtures of the normal fate, starting after the clock. */
function upcoming() {
  return feed()
    .listFixtures({ sport: 'football' }, clock.now())
    .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal');
}

function legOf(snap: FixtureSnapshot, marketId: string, outcomeId: string): Leg {
  const odds = snap.markets
    .find((m) => m.id === marketId)!
    .outcomes.find((o) => o.id === outcomeId)!.oddsMilli!;
  return { fixtureId: snap.id, marketId, outcomeId, odds: odds / 1000 };
}

const cornersLeg = (f: FixtureSnapshot) =>
  legOf(f, f.markets.find((m) => m.key.type === 'corners_totals')!.id, 'over');

async function placeBet(token: string, legs: Leg[], stake = 10) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/app/sports/bet',
    headers: { ...auth(token), 'idempotency-key': key() },
    payload: { stake, legs, oddsChange: 'none' },
  });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data.betId as string;
}

/** An operator's final score without corners: a corners bet on the fixture cannot be settled. */
function finishWithoutCorners(fixtureId: string) {
  return call(app, {
    method: 'POST',
    url: `/api/admin/sports/fixtures/${fixtureId}/result`,
    headers: operator,
    payload: { status: MatchTime.finished, full: { home: 1, away: 0 } },
  });
}

/** When the fixture's event ended, as the trigger of migration 020 recorded it. */
async function endOf(fixtureId: string): Promise<number> {
  const row = await sql<{ ended_at: Date | string }>`
    select ended_at from sports_fixture_ends where fixture_id = ${fixtureId}`.execute(app.ctx.db);
  expect(row.rows).toHaveLength(1);
  return new Date(row.rows[0]!.ended_at).getTime();
}

/** The fixture's event ended `minutesAgo` minutes ago (a feed that reported its end late). */
async function endedMinutesAgo(fixtureId: string, minutesAgo: number) {
  await sql`insert into sports_fixture_ends (fixture_id, ended_at)
    values (${fixtureId}, ${new Date(Date.now() - minutesAgo * MINUTE)})`.execute(app.ctx.db);
}

function captureLog() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  const at =
    (level: string) =>
    (fields: object, msg: string): void =>
      void lines.push({ level, fields: fields as Record<string, unknown>, msg });
  const log: MonitorLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, about: (betId: string) => lines.filter((l) => l.fields.betId === betId) };
}

async function record(betId: string) {
  const row = await sql<{
    stage: number;
    due_at: Date;
    ended_at: Date;
    breached_at: Date | null;
    resolved_at: Date | null;
    resolution: string | null;
  }>`select stage, due_at, ended_at, breached_at, resolved_at, resolution
       from prize_deadlines where bet_id = ${betId}`.execute(app.ctx.db);
  return row.rows[0];
}

async function auditRows(betId: string) {
  return app.ctx.db
    .selectFrom('operator_audit')
    .select(['actor_id', 'action', 'before_state', 'after_state'])
    .where('object', '=', `sports_bet:${betId}`)
    .orderBy('seq')
    .execute();
}

describe('a sports bet held for review', () => {
  it('is due 120 minutes after its event ended: warned when found, at 60 and 15 minutes left, breached once at the deadline, money untouched', async () => {
    clock.set(START + 86_400_000);
    const f = upcoming()[0]!;
    const p = await fundedPlayer(app, 100);
    const betId = await placeBet(p.token, [cornersLeg(f)]);
    afterStartOf(clock, [f]);
    expect((await finishWithoutCorners(f.id)).code).toBe(200);
    const end = await endOf(f.id);
    const at = (minutes: number) => end + minutes * MINUTE;
    const { log, about } = captureLog();

    await watchPrizeDeadlines(app.ctx, { now: at(1), log });
    expect(about(betId)).toEqual([
      {
        level: 'warn',
        msg: expect.stringContaining('needs an operator'),
        fields: expect.objectContaining({ fixtureId: f.id, state: 'exception', minutesLeft: 119 }),
      },
    ]);
    const found = (await record(betId))!;
    expect(found.stage).toBe(0);
    expect(new Date(found.due_at).getTime()).toBe(end + PRIZE_DEADLINE_MINUTES * MINUTE);

    // Each stage is said once, however often the monitor looks.
    await watchPrizeDeadlines(app.ctx, { now: at(2), log });
    await watchPrizeDeadlines(app.ctx, { now: at(61), log });
    await watchPrizeDeadlines(app.ctx, { now: at(62), log });
    await watchPrizeDeadlines(app.ctx, { now: at(105.5), log });
    await watchPrizeDeadlines(app.ctx, { now: at(119.9), log });
    expect(about(betId).map((l) => [l.level, l.fields.minutesLeft])).toEqual([
      ['warn', 119],
      ['warn', 59],
      ['warn', 14],
    ]);
    expect((await record(betId))!.stage).toBe(2);
    expect(await auditRows(betId)).toEqual([]);

    await watchPrizeDeadlines(app.ctx, { now: at(120), log });
    await watchPrizeDeadlines(app.ctx, { now: at(125), log });
    const lines = about(betId);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({
      level: 'error',
      msg: expect.stringContaining('prize deadline breached'),
      fields: { betId, fixtureId: f.id, minutesLeft: 0 },
    });
    const breached = (await record(betId))!;
    expect(breached.stage).toBe(3);
    expect(new Date(breached.breached_at!).getTime()).toBe(at(120));
    const audit = await auditRows(betId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: 0, action: 'prize.deadline.breach' });
    expect(JSON.parse(audit[0]!.after_state)).toMatchObject({ stage: 'breached', fixtureId: f.id });
    expect((await verifyAuditChain(app.ctx.db)).problems).toEqual([]);

    // Nothing was voided or paid by the system: the stake is still at stake, the bet still held.
    expect((await playerBalances(app.ctx.db, p.userId)).user_cash).toBe(9_000);
    const bet = await app.ctx.db
      .selectFrom('sports_bets')
      .select(['state', 'result_code', 'payout_cents'])
      .where('id', '=', betId)
      .executeTakeFirstOrThrow();
    expect(bet).toMatchObject({ state: 'exception', result_code: BetResult.lotteryException });
    expect(Number(bet.payout_cents)).toBe(0);

    // The breach cannot be erased or rewritten by the application's own role.
    await expect(
      sql`delete from prize_deadlines where bet_id = ${betId}`.execute(app.ctx.db),
    ).rejects.toThrow(/kept/);
    await expect(
      sql`update prize_deadlines set breached_at = null, stage = 0 where bet_id = ${betId}`.execute(
        app.ctx.db,
      ),
    ).rejects.toThrow(/never rewritten/);
    await expect(
      sql`update sports_fixture_ends set ended_at = now() where fixture_id = ${f.id}`.execute(app.ctx.db),
    ).rejects.toThrow(/append-only/);

    // The operator's result settles it; the record closes, late, in the audit chain too.
    const entered = await call(app, {
      method: 'POST',
      url: `/api/admin/sports/fixtures/${f.id}/result`,
      headers: operator,
      payload: { status: MatchTime.finished, full: { home: 1, away: 0 }, corners: { home: 9, away: 8 } },
    });
    expect(entered.body.data.settled).toHaveLength(1);
    await watchPrizeDeadlines(app.ctx, { now: at(130), log });
    const closed = (await record(betId))!;
    expect(new Date(closed.resolved_at!).getTime()).toBe(at(130));
    expect(closed.resolution).toMatch(/^settled:(10|20)$/);
    expect(about(betId).at(-1)).toMatchObject({
      level: 'warn',
      msg: 'prize settled after its deadline',
      fields: { minutesLate: 10 },
    });
    expect((await auditRows(betId)).map((r) => r.action)).toEqual([
      'prize.deadline.breach',
      'prize.deadline.resolved',
    ]);
    expect((await verifyAuditChain(app.ctx.db)).problems).toEqual([]);
    expect((await findWaitingPrizes(app.ctx.db, at(131))).map((w) => w.betId)).not.toContain(betId);
  });
});

describe('the operators’ list', () => {
  it('shows waiting prizes most urgent first with due time and state, to traders and finance only', async () => {
    clock.set(START + 2 * 86_400_000);
    const [a, b, c, later] = upcoming();
    const p = await fundedPlayer(app, 100);
    const overdue = await placeBet(p.token, [cornersLeg(a!)]);
    const soon = await placeBet(p.token, [cornersLeg(b!)]);
    // A parlay held on its first leg whose second fixture is still to be played: nothing due yet.
    const notYet = await placeBet(p.token, [cornersLeg(c!), legOf(later!, 'match_winner:full', 'home')]);
    await endedMinutesAgo(a!.id, 130);
    await endedMinutesAgo(b!.id, 100);
    afterStartOf(clock, [a!, b!, c!]);
    for (const f of [a!, b!, c!]) expect((await finishWithoutCorners(f.id)).code).toBe(200);

    const res = await call(app, {
      method: 'GET',
      url: '/api/admin/sports/prize-deadlines',
      headers: operator,
    });
    expect(res.code).toBe(200);
    const mine = res.body.data.waiting.filter((w: { betId: string }) =>
      [overdue, soon, notYet].includes(w.betId),
    );
    expect(mine.map((w: { betId: string }) => w.betId)).toEqual([overdue, soon]);
    const [first, second] = mine;
    expect(first).toMatchObject({
      state: 'exception',
      fixtureId: a!.id,
      stake: 10,
      level: 'breached',
      breachedAt: null,
    });
    expect(first.minutesLeft).toBeLessThanOrEqual(-9);
    expect(Date.parse(first.dueAt) - Date.parse(first.endedAt)).toBe(PRIZE_DEADLINE_MINUTES * MINUTE);
    expect(second).toMatchObject({ level: 'warned', fixtureId: b!.id });
    expect(second.minutesLeft).toBeGreaterThanOrEqual(18);
    expect(second.minutesLeft).toBeLessThanOrEqual(20);
    expect(res.body.data.deadlineMinutes).toBe(120);

    // Once the monitor has passed, the breach is recorded and listed for reporting.
    await watchPrizeDeadlines(app.ctx, { log: captureLog().log });
    const after = (
      await call(app, { method: 'GET', url: '/api/admin/sports/prize-deadlines', headers: operator })
    ).body.data;
    expect(after.waiting.find((w: { betId: string }) => w.betId === overdue).breachedAt).not.toBeNull();
    expect(after.breaches.find((x: { betId: string }) => x.betId === overdue)).toMatchObject({
      fixtureId: a!.id,
      resolvedAt: null,
    });
    expect(after.breaches.some((x: { betId: string }) => x.betId === soon)).toBe(false);

    for (const role of ['support', 'finance', 'trader'] as const) {
      const username = `prazo_${role}`;
      await call(app, {
        method: 'POST',
        url: '/api/admin/operators',
        headers: operator,
        payload: { username, pwd: 'Operador#Seguro2026', role },
      });
      const read = await call(app, {
        method: 'GET',
        url: '/api/admin/sports/prize-deadlines',
        headers: auth(await login(username)),
      });
      expect(read.code, role).toBe(role === 'support' ? 403 : 200);
    }
  });
});

describe('a bet settlement has not reached', () => {
  it('is listed only after the grace, and its record closes within the deadline once settled', async () => {
    clock.set(START + 3 * 86_400_000);
    const f = upcoming()[0]!;
    const p = await fundedPlayer(app, 100);
    const betId = await placeBet(p.token, [legOf(f, 'match_winner:full', 'home')]);
    // The final result arrives, but no settlement pass follows (a stalled settlement loop).
    const finalAt = feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000;
    clock.set(finalAt);
    const fromFeed = feed().result(f.id, finalAt)!;
    expect(fromFeed.final).toBe(true);
    await storeResult(app.ctx.db, f.id, fromFeed.result, true, 'feed');
    const end = await endOf(f.id);

    const ids = async (now: number) => (await findWaitingPrizes(app.ctx.db, now)).map((w) => w.betId);
    expect(await ids(end + SETTLEMENT_GRACE_MS - 1_000)).not.toContain(betId);
    expect(await ids(end + SETTLEMENT_GRACE_MS)).toContain(betId);

    const { log, about } = captureLog();
    await watchPrizeDeadlines(app.ctx, { now: end + 3 * MINUTE, log });
    expect(about(betId)).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringContaining('is open after its event ended'),
        fields: expect.objectContaining({ minutesLeft: 117, state: 'open' }),
      }),
    ]);

    await runSettlement(app.ctx, app.sports);
    await watchPrizeDeadlines(app.ctx, { now: end + 4 * MINUTE, log });
    expect(about(betId).at(-1)).toMatchObject({ level: 'info', msg: 'prize settled within its deadline' });
    const closed = (await record(betId))!;
    expect(closed.stage).toBe(0);
    expect(closed.breached_at).toBeNull();
    expect(closed.resolution).toMatch(/^settled:/);
    expect(await auditRows(betId)).toEqual([]);
  });
});
