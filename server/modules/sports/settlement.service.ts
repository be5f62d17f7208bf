import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Trx } from '../wallet/ledger';
import { BetResult } from '../../../domain/codes';
import { OrderStatus } from '../../../domain/sports/labels';
import {
  FINAL_STATUSES,
  parseMarketId,
  settleablePart,
  settleLeg,
  type FixtureResult,
  type LegSpec,
} from '../../../domain/sports/markets';
import {
  legResultCode,
  returnCents,
  settled,
  ticketResultCode,
  type LegKind,
} from '../../../domain/sports/settlement';
import type { SportKey } from '../../../domain/sports/sports';
import { paySports, reverseSports } from './sports-money';
import type { Sports } from './sports.module';

/**
 * Settlement (design/sports.md "Settlement"): a fixture's official result, stored with a version,
 * settles every leg on it with the domain rules; a bet is paid when all its legs are settled (or
 * lost when any leg is lost). It is exactly once: each bet is settled in its own transaction with
 * its row locked, recomputed from the stored results, and money moves only by the difference
 * between what it has been paid and what it is owed now — so a second run finds nothing to do,
 * and a corrected result reverses the old payout and posts the new one.
 */

/**
 * Stores a result for a fixture that has bets, bumping its version when it changed. A result an
 * operator entered is kept: later feed results no longer replace it.
 */
export async function storeResult(
  ctx: AppContext,
  fixtureId: string,
  result: FixtureResult,
  final: boolean,
  source: 'feed' | 'operator',
): Promise<boolean> {
  const text = JSON.stringify(settleablePart(result));
  let query = ctx.db
    .updateTable('sports_fixtures')
    .set((eb) => ({
      result: text,
      result_final: final,
      result_source: source,
      result_version: eb('result_version', '+', 1),
      done: false,
      updated_at: new Date(),
    }))
    .where('id', '=', fixtureId)
    .where((eb) =>
      eb.or([eb('result', 'is', null), eb('result', '!=', text), eb('result_final', '!=', final)]),
    );
  if (source === 'feed') query = query.where('result_source', '=', 'feed');
  const changed = await query.returning('id').executeTakeFirst();
  return changed !== undefined;
}

type LegRow = Selectable<Database['sports_bet_legs']>;

/**
 * Each leg of a bet with its settlement at the stored results (null while it cannot be settled)
 * and the result version it reflects. Settlement and cash-out read legs the same way.
 */
export async function evaluateLegs(db: Db | Trx, legs: LegRow[]) {
  const fixtures = await db
    .selectFrom('sports_fixtures')
    .select(['id', 'sport', 'result', 'result_version'])
    .where('id', 'in', [...new Set(legs.map((l) => l.fixture_id))])
    .execute();
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  return legs.map((leg) => {
    const fixture = byId.get(leg.fixture_id)!;
    const key = parseMarketId(leg.market_id);
    const spec: LegSpec | null = key && {
      ...key,
      outcome: leg.outcome_id,
      scoreAtPlacement:
        leg.score_home_at === null ? null : { home: leg.score_home_at, away: leg.score_away_at ?? 0 },
    };
    const result = fixture.result ? (JSON.parse(fixture.result) as FixtureResult) : null;
    const settlement = spec && result ? settleLeg(spec, result, fixture.sport as SportKey) : null;
    return { leg, settlement, version: fixture.result_version };
  });
}

interface SettledBet {
  betId: string;
  userId: number;
  resultCode: number;
  payoutCents: number;
}

/** Recomputes one bet from the stored results and moves the difference; null when nothing changed. */
async function settleBet(ctx: AppContext, trx: Trx, betId: string, now: number): Promise<SettledBet | null> {
  const bet = await trx
    .selectFrom('sports_bets')
    .selectAll()
    .where('id', '=', betId)
    .forUpdate()
    .executeTakeFirst();
  // Pending bets wait for their live decision; refused and cancelled ones are closed.
  if (!bet || (bet.state !== 'open' && bet.state !== 'settled')) return null;
  const legs = await trx
    .selectFrom('sports_bet_legs')
    .selectAll()
    .where('bet_id', '=', betId)
    .orderBy('idx')
    .execute();
  const computed = await evaluateLegs(trx, legs);
  const kinds = computed.map((c) => c.settlement?.kind ?? null);
  const anyLost = kinds.includes('lost');
  const allSettled = kinds.every((k) => k !== null);
  const stakeCents = Number(bet.stake_cents);
  // What still rides after partial cash-outs is what the result pays on.
  const ridingCents = bet.stake_open_cents === null ? stakeCents : Number(bet.stake_open_cents);
  const capCents = Math.round(ctx.config.file.sports.maxPayoutPerBet * 100);
  const done = anyLost || allSettled;
  // A lost leg decides a parlay; its other legs need no result for the payout (zero).
  const payout = done
    ? anyLost
      ? 0
      : returnCents(
          ridingCents,
          computed.map((c) => ({ oddsMilli: c.leg.odds_milli, settlement: c.settlement ?? settled('void') })),
          capCents,
        )
    : 0;
  const code = done
    ? anyLost
      ? BetResult.lost
      : ticketResultCode(kinds as LegKind[], ridingCents, payout)
    : BetResult.placed;

  const legsChanged = computed.some(
    (c) => c.leg.settled_version !== c.version || c.leg.kind !== (c.settlement?.kind ?? null),
  );
  const wasPaid = bet.state === 'settled' ? Number(bet.payout_cents) : 0;
  const owed = done ? payout : 0;
  const stateChanged = (bet.state === 'settled') !== done || bet.result_code !== code;
  if (!legsChanged && !stateChanged && wasPaid === owed) return null;

  let seq = bet.settle_seq;
  let shortfall = Number(bet.shortfall_cents);
  const money = { betId, userId: bet.user_id, stakeCents, bonusCents: Number(bet.bonus_cents) };
  if (owed !== wasPaid) {
    // New money first, then the reversal, so the player's balance never dips on the way.
    if (owed > 0) await paySports(trx, money, owed, `sports-payout:${betId}:${++seq}`, 'sports_payout');
    if (wasPaid > 0) {
      const { shortfallCents } = await reverseSports(trx, money, wasPaid, `sports-reverse:${betId}:${++seq}`);
      shortfall += shortfallCents;
    }
  }
  for (const c of computed) {
    await trx
      .updateTable('sports_bet_legs')
      .set({
        kind: c.settlement?.kind ?? null,
        result_code: c.settlement ? legResultCode(c.settlement.kind) : BetResult.placed,
        settled_version: c.version,
      })
      .where('bet_id', '=', betId)
      .where('idx', '=', c.leg.idx)
      .execute();
  }
  await trx
    .updateTable('sports_bets')
    .set({
      state: done ? 'settled' : 'open',
      result_code: code,
      order_status: done ? OrderStatus.drawn : OrderStatus.pending,
      payout_cents: owed,
      settle_seq: seq,
      shortfall_cents: shortfall,
      settled_at: done ? new Date(now) : null,
    })
    .where('id', '=', betId)
    .execute();
  return { betId, userId: bet.user_id, resultCode: code, payoutCents: owed };
}

/**
 * Settles every bet on a fixture at its stored result. Safe to run twice at once (the second run
 * pays nothing): bets are settled one transaction each, under their row lock.
 */
export async function settleFixture(
  ctx: AppContext,
  sports: Sports,
  fixtureId: string,
): Promise<SettledBet[]> {
  const fixture = await ctx.db
    .selectFrom('sports_fixtures')
    .select(['result', 'result_version', 'result_final'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
  if (!fixture?.result) return [];
  const version = fixture.result_version;
  const rows = await ctx.db
    .selectFrom('sports_bet_legs')
    .innerJoin('sports_bets', 'sports_bets.id', 'sports_bet_legs.bet_id')
    .select('sports_bet_legs.bet_id')
    .distinct()
    .where('sports_bet_legs.fixture_id', '=', fixtureId)
    .where('sports_bet_legs.settled_version', '<', version)
    .where('sports_bets.state', 'in', ['open', 'settled'])
    .execute();
  const settledBets: SettledBet[] = [];
  for (const { bet_id } of rows) {
    const done = await ctx.db.transaction().execute((trx) => settleBet(ctx, trx, bet_id, sports.now()));
    if (done) settledBets.push(done);
  }
  const waiting = await ctx.db
    .selectFrom('sports_bet_legs')
    .innerJoin('sports_bets', 'sports_bets.id', 'sports_bet_legs.bet_id')
    .select('sports_bet_legs.bet_id')
    .where('sports_bet_legs.fixture_id', '=', fixtureId)
    .where((eb) =>
      eb.or([eb('sports_bet_legs.settled_version', '<', version), eb('sports_bets.state', '=', 'pending')]),
    )
    .limit(1)
    .executeTakeFirst();
  if (!waiting) {
    await ctx.db
      .updateTable('sports_fixtures')
      .set({ settled_version: version, done: fixture.result_final })
      .where('id', '=', fixtureId)
      .where('result_version', '=', version)
      .execute();
  }
  return settledBets;
}

/**
 * One pass of the settlement loop: brings every fixture with unsettled bets up to the feed's result
 * (unless an operator entered one) and settles it.
 */
export async function settlePending(ctx: AppContext, sports: Sports): Promise<SettledBet[]> {
  const open = await ctx.db
    .selectFrom('sports_fixtures')
    .select(['id', 'result_source'])
    .where('done', '=', false)
    .execute();
  const settledBets: SettledBet[] = [];
  for (const f of open) {
    if (f.result_source === 'feed') {
      const fromFeed = sports.feed.result(f.id, sports.now());
      if (fromFeed) await storeResult(ctx, f.id, fromFeed.result, fromFeed.final, 'feed');
    }
    settledBets.push(...(await settleFixture(ctx, sports, f.id)));
  }
  return settledBets;
}

/**
 * An operator enters or corrects a fixture's result (`POST /api/admin/sports/fixtures/{id}/result`).
 * It goes through the same storage and settlement as the feed's results; from then on the feed no
 * longer replaces it. Returns the bets whose settlement changed.
 */
export async function enterResult(
  ctx: AppContext,
  sports: Sports,
  fixtureId: string,
  result: FixtureResult,
): Promise<SettledBet[]> {
  const known = await ctx.db
    .selectFrom('sports_fixtures')
    .select('id')
    .where('id', '=', fixtureId)
    .executeTakeFirst();
  if (!known) {
    const snap = sports.feed.snapshot(fixtureId, sports.now());
    if (!snap) throw notFound();
    await ctx.db
      .insertInto('sports_fixtures')
      .values({
        id: snap.id,
        sport: snap.sport,
        competition: snap.competition,
        home: snap.home,
        away: snap.away,
        starts_at: new Date(snap.startsAt),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await storeResult(ctx, fixtureId, result, FINAL_STATUSES.includes(result.status), 'operator');
  return settleFixture(ctx, sports, fixtureId);
}
