import type { AppContext } from '../../platform/context';
import type { Db, Trx } from '../../infra/db/connection';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import {
  allowedBeforeStart,
  resultInconsistency,
  type ResultInconsistency,
} from '../../../domain/sports/result-checks';
import { BetResult, MatchTime } from '../../../domain/codes';
import { isRaceFixture, OrderStatus, type FieldEntry } from '../../../domain/sports/labels';
import {
  expireHeld,
  FINAL_STATUSES,
  parseMarketId,
  settleablePart,
  settleLeg,
  type FixtureResult,
  type LegSpec,
} from '../../../domain/sports/markets';
import { legResultCode, returnCents, settled, ticketResultCode } from '../../../domain/sports/settlement';
import { payingLegs } from '../../../domain/sports/builder';
import type { SportKey } from '../../../domain/sports/sports';
import type { CancelWindow } from './feed';
import { countSportsWager, paySports, reverseSports } from './sports-money';
import type { Sports } from './sports.module';
import { legsOfBet, type LegRow } from './bets.repository';
import {
  bumpResultVersion,
  cancelWindowsOf,
  clearFeedResult,
  insertCancelWindow,
  lockFixture,
  markFixtureSettled,
  resultsOf,
  resultVersionOf,
  startedUndoneFixtures,
  storedFixture,
  upsertFixtureForResult,
  writeResult,
} from './fixtures.repository';
import {
  betsBehindVersion,
  hasWaitingBet,
  lockBet,
  saveBetSettlement,
  saveLegSettlement,
} from './settlement.repository';

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
 * operator entered is kept: later feed results no longer replace it. The feed's is stored without
 * the scores of periods still being played (they settle nothing, and would bump the version at
 * every goal); an operator's whole, so an interrupted match keeps the score it stopped at.
 */
export async function storeResult(
  db: Db | Trx,
  fixtureId: string,
  result: FixtureResult,
  final: boolean,
  source: 'feed' | 'operator',
): Promise<boolean> {
  const text = JSON.stringify(source === 'operator' ? result : settleablePart(result));
  return writeResult(db, fixtureId, text, final, source);
}

/**
 * Withdraws the feed's settlement of a fixture (UOF rollback_bet_settlement): the stored result
 * goes, the version moves on, and the next settlement pass takes back what was paid on it — new
 * reversing postings — leaving its bets open until the feed settles again. An operator's result
 * is not the feed's to withdraw.
 */
export async function rollbackResult(ctx: AppContext, fixtureId: string): Promise<boolean> {
  return clearFeedResult(ctx.db, fixtureId);
}

/**
 * Stores a bet cancellation of a fixture that has bets; a new window bumps the fixture's version
 * so settlement revisits its bets.
 */
export async function storeCancel(
  ctx: AppContext,
  fixtureId: string,
  window: CancelWindow,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockFixture(trx, fixtureId))) return false;
    const inserted = await insertCancelWindow(trx, fixtureId, {
      from: new Date(window.from),
      to: new Date(window.to),
    });
    if (!inserted) return false;
    await bumpResultVersion(trx, fixtureId);
    return true;
  });
}

/** What legs' fixtures say now: their stored results and cancellation windows, read once. */
export type LegFacts = Awaited<ReturnType<typeof legFacts>>;

/** Reads the results and cancellation windows of the fixtures of any number of bets' legs. */
export async function legFacts(db: Db | Trx, fixtureIds: readonly string[]) {
  const ids = [...new Set(fixtureIds)];
  const fixtures = await resultsOf(db, ids);
  const windows = await cancelWindowsOf(db, ids);
  return { byId: new Map(fixtures.map((f) => [f.id, f])), windows };
}

/**
 * Each leg of a bet with its settlement at the stored results (null while it cannot be settled)
 * and the result version it reflects. A leg placed inside a cancellation window is void
 * (`cancelled`); a leg the final result cannot settle is `stuck` (held for review). Settlement and
 * cash-out read legs the same way.
 */
export async function evaluateLegs(db: Db | Trx, legs: LegRow[], placedAt: Date) {
  return evaluateWith(
    await legFacts(
      db,
      legs.map((l) => l.fixture_id),
    ),
    legs,
    placedAt,
  );
}

/** evaluateLegs on facts already read (a page of bets reads them once for all). */
export function evaluateWith({ byId, windows }: LegFacts, legs: LegRow[], placedAt: Date) {
  const placed = new Date(placedAt).getTime();
  return legs.map((leg) => {
    const fixture = byId.get(leg.fixture_id)!;
    const cancelled = windows.some(
      (w) =>
        w.fixture_id === leg.fixture_id &&
        placed >= new Date(w.from_at).getTime() &&
        placed <= new Date(w.to_at).getTime(),
    );
    if (cancelled)
      return { leg, settlement: settled('void'), version: fixture.result_version, cancelled, stuck: false };
    const key = parseMarketId(leg.market_id);
    const spec: LegSpec | null = key && {
      ...key,
      outcome: leg.outcome_id,
      scoreAtPlacement:
        leg.score_home_at === null ? null : { home: leg.score_home_at, away: leg.score_away_at ?? 0 },
    };
    const result = fixture.result ? (JSON.parse(fixture.result) as FixtureResult) : null;
    const settlement = spec && result ? settleLeg(spec, result, fixture.sport as SportKey) : null;
    const stuck = settlement === null && fixture.result_final;
    return { leg, settlement, version: fixture.result_version, cancelled, stuck };
  });
}

/** Bets settlement revisits: open ones, settled ones (corrections) and held ones. */
const SETTLEABLE_STATES = ['open', 'settled', 'exception'];

export interface SettledBet {
  betId: string;
  userId: number;
  resultCode: number;
  payoutCents: number;
}

/** Recomputes one bet from the stored results and moves the difference; null when nothing changed. */
export async function settleBet(
  ctx: AppContext,
  trx: Trx,
  betId: string,
  now: number,
): Promise<SettledBet | null> {
  const bet = await lockBet(trx, betId);
  // Pending bets wait for their live decision; refused and cashed-out ones are closed.
  if (!bet || !SETTLEABLE_STATES.includes(bet.state)) return null;
  const legs = await legsOfBet(trx, betId);
  const evaluated = await evaluateLegs(trx, legs, bet.placed_at);
  // Paid early (Pagamento Antecipado): its single leg is won whatever the result says, unless the
  // feed cancelled the window it was placed in.
  const computed = bet.early_paid_at
    ? evaluated.map((c) => (c.cancelled ? c : { ...c, settlement: settled('won'), stuck: false }))
    : evaluated;
  // What the ticket pays on: its legs, or a builder's selections as one (builder.ts).
  const paying = payingLegs(
    bet.kind,
    Number(bet.combined_odds_milli),
    computed.map((c) => ({ oddsMilli: c.leg.odds_milli, settlement: c.settlement })),
  );
  const kinds = paying.map((p) => p.settlement?.kind ?? null);
  const anyLost = kinds.includes('lost');
  const allSettled = kinds.every((k) => k !== null);
  // A final result that cannot settle a leg (data missing) holds the bet for review (−1).
  const stuck = !anyLost && computed.some((c) => c.stuck);
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
          paying.map((p) => ({ oddsMilli: p.oddsMilli, settlement: p.settlement ?? settled('void') })),
          capCents,
        )
    : 0;
  const allCancelled = computed.every((c) => c.cancelled);
  const code = stuck
    ? BetResult.lotteryException
    : done
      ? anyLost
        ? BetResult.lost
        : allCancelled
          ? BetResult.cancelled
          : ticketResultCode(
              paying.map((p) => p.settlement!),
              ridingCents,
              payout,
            )
      : BetResult.placed;
  const state = stuck ? 'exception' : done ? 'settled' : 'open';

  const legsChanged = computed.some(
    (c) => c.leg.settled_version !== c.version || c.leg.kind !== (c.settlement?.kind ?? null),
  );
  const wasPaid = bet.state === 'settled' ? Number(bet.payout_cents) : 0;
  const owed = done ? payout : 0;
  const stateChanged = bet.state !== state || bet.result_code !== code;
  if (!legsChanged && !stateChanged && wasPaid === owed) return null;

  // What it wagers follows its state (a void counts nothing; a correction moves the count), set
  // before money moves: the bet's row, then the player's, then the accounts.
  await countSportsWager(ctx, trx, {
    id: betId,
    userId: bet.user_id,
    state,
    kind: bet.kind,
    resultCode: code,
    stakeCents,
  });
  let seq = bet.settle_seq;
  let shortfall = Number(bet.shortfall_cents);
  const money = { betId, userId: bet.user_id, stakeCents, bonusCents: Number(bet.bonus_cents) };
  if (owed !== wasPaid) {
    // New money first, then the reversal, so the player's balance never dips on the way.
    if (owed > 0) await paySports(trx, money, owed, `sports-payout:${betId}:${++seq}`, 'sports_payout');
    if (wasPaid > 0) {
      // Paid under `sports-payout:<bet>:<n>` with n up to the bet's sequence before this change.
      const paidKeys = Array.from({ length: bet.settle_seq }, (_, n) => `sports-payout:${betId}:${n + 1}`);
      const { shortfallCents } = await reverseSports(
        trx,
        money,
        wasPaid,
        `sports-reverse:${betId}:${++seq}`,
        paidKeys,
      );
      shortfall += shortfallCents;
    }
  }
  for (const c of computed) {
    await saveLegSettlement(trx, betId, c.leg.idx, {
      kind: c.settlement?.kind ?? null,
      resultCode: c.cancelled
        ? BetResult.cancelled
        : c.settlement
          ? legResultCode(c.settlement)
          : BetResult.placed,
      settledVersion: c.version,
    });
  }
  await saveBetSettlement(trx, betId, {
    state,
    resultCode: code,
    // A ticket cancelled whole was never drawn (8888); a held one is still pending.
    orderStatus:
      state === 'settled' ? (allCancelled ? OrderStatus.notDrawn : OrderStatus.drawn) : OrderStatus.pending,
    payoutCents: owed,
    settleSeq: seq,
    shortfallCents: shortfall,
    settledAt: done ? new Date(now) : null,
  });
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
  const fixture = await resultVersionOf(ctx.db, fixtureId);
  // No result at all is settled too once its version moved (a rollback: what was paid goes back).
  if (!fixture || (!fixture.result && fixture.result_version === 0)) return [];
  const version = fixture.result_version;
  const betIds = await betsBehindVersion(ctx.db, fixtureId, version, SETTLEABLE_STATES);
  const settledBets: SettledBet[] = [];
  for (const betId of betIds) {
    const done = await ctx.db.transaction().execute((trx) => settleBet(ctx, trx, betId, sports.now()));
    if (done) settledBets.push(done);
  }
  if (!(await hasWaitingBet(ctx.db, fixtureId, version))) {
    await markFixtureSettled(ctx.db, fixtureId, version, fixture.result_final);
  }
  return settledBets;
}

/**
 * One pass of the settlement loop: brings every fixture with unsettled bets up to the feed's result
 * (unless an operator entered one) and settles it.
 */
export async function settlePending(ctx: AppContext, sports: Sports): Promise<SettledBet[]> {
  // Nothing settles before the start: upcoming fixtures are left alone.
  const open = await startedUndoneFixtures(ctx.db, new Date(sports.now()));
  const settledBets: SettledBet[] = [];
  for (const f of open) {
    // One fixture that fails to settle must not hold up every other fixture's bets.
    try {
      const source = f.result_source === 'operator' ? 'operator' : 'feed';
      let known = f.result ? (JSON.parse(f.result) as FixtureResult) : null;
      if (source === 'feed') {
        const fromFeed = sports.feed.result(f.id, sports.now());
        if (fromFeed) {
          await storeResult(ctx.db, f.id, fromFeed.result, fromFeed.final, 'feed');
          known = fromFeed.result;
        }
      }
      // Postponed or interrupted past the sport's window: void, or settle what was determined.
      if (known) {
        const windowMs = sports.windowMs(f.sport as SportKey);
        const expired = expireHeld(known, new Date(f.starts_at).getTime(), sports.now(), windowMs);
        if (expired !== known) await storeResult(ctx.db, f.id, expired, true, source);
      }
      for (const window of sports.feed.cancels(f.id, sports.now())) await storeCancel(ctx, f.id, window);
      settledBets.push(...(await settleFixture(ctx, sports, f.id)));
    } catch (err) {
      ctx.log.error({ err, fixtureId: f.id }, 'sports settlement failed for a fixture; the others go on');
    }
  }
  return settledBets;
}

/**
 * An operator enters or corrects a fixture's result (`POST /api/admin/sports/fixtures/{id}/result`).
 * A fixture that has not started (by its published start) takes only a postponement or a
 * cancellation; every result must add up (result-checks.ts). It goes through the same storage and
 * settlement as the feed's results; from then on the feed no longer replaces it, and the fixture's
 * book is closed (holds.ts): the row is written under its lock, so a bet being placed on it either
 * commits first or sees the result and is refused. Returns the bets whose settlement changed.
 */
export async function enterResult(
  ctx: AppContext,
  sports: Sports,
  fixtureId: string,
  result: FixtureResult,
): Promise<SettledBet[]> {
  const now = sports.now();
  const snap = sports.feed.snapshot(fixtureId, now);
  const stored = await storedFixture(ctx.db, fixtureId);
  if (!snap && !stored) throw notFound();
  const fixture = snap
    ? { sport: snap.sport, home: snap.home, away: snap.away, startsAt: snap.startsAt }
    : {
        sport: stored!.sport as SportKey,
        home: stored!.home,
        away: stored!.away,
        startsAt: new Date(stored!.starts_at).getTime(),
      };
  if (now < fixture.startsAt && !allowedBeforeStart(result.status)) {
    throw new AppError(409, 'sportsResultBeforeStart');
  }
  if (!fitsFixture(result, fixture, snap?.field ?? stored?.field)) throw badRequest('sportsResultInvalid');
  const problem = resultInconsistency(fixture.sport, result);
  if (problem) throw inconsistencyError(problem, fixture);
  await ctx.db.transaction().execute(async (trx) => {
    await upsertFixtureForResult(trx, {
      id: fixtureId,
      sport: fixture.sport,
      competition: snap?.competition ?? '',
      tier: snap?.tier ?? null,
      home: fixture.home,
      away: fixture.away,
      startsAt: new Date(fixture.startsAt),
      field: snap?.field,
    });
    await storeResult(trx, fixtureId, result, FINAL_STATUSES.includes(result.status), 'operator');
  });
  return settleFixture(ctx, sports, fixtureId);
}

/**
 * Whether a result is of its fixture's kind: a race's own fixture (Vencedor da Corrida) settles on
 * a classification, which a finished race needs and only a race that ended (−1, or −12 stopped for
 * good) has, naming drivers of its field once each (a driver named twice would split a win into a
 * dead heat); a fixture of two sides takes none. The field is the feed's, or the one stored at the
 * race's first bet once the feed has forgotten it (only a race stored before migration 043 has none).
 */
function fitsFixture(
  result: FixtureResult,
  fixture: { away: string },
  field: readonly FieldEntry[] | undefined,
): boolean {
  const race = result.classification;
  if (!isRaceFixture(fixture)) return race === undefined;
  if (!race) return result.status !== MatchTime.finished;
  if (result.status !== MatchTime.finished && result.status !== MatchTime.cutInHalf) return false;
  const named = [...race.winners, ...race.notStarted];
  if (new Set(race.winners).size < race.winners.length) return false;
  if (new Set(race.notStarted).size < race.notStarted.length) return false;
  return !field || named.every((id) => field.some((d) => d.id === id));
}

/** The refusal of a result that does not add up, in the operator's words. */
function inconsistencyError(problem: ResultInconsistency, fixture: { home: string; away: string }) {
  const team = 'side' in problem ? fixture[problem.side] : '';
  switch (problem.rule) {
    case 'level':
      return badRequest('sportsResultLevel');
    case 'belowRegulation':
      return badRequest('sportsResultBelowRegulation', { team });
    case 'noOvertime':
      return badRequest('sportsResultNoOvertime');
    case 'partAboveWhole':
      return badRequest('sportsResultPartAboveWhole', {
        team,
        part: problem.part === 'first_half' ? '1º tempo' : '4º quarto',
      });
    case 'setGames':
      return badRequest('sportsResultSetGames', { team, min: problem.min });
    case 'firstSetWinner':
      return badRequest('sportsResultFirstSet', { team });
    case 'setCount':
      return badRequest('sportsResultSetCount');
    case 'methodWithoutWinner':
      return badRequest('sportsResultMethod');
    case 'winnerNotStarted':
      return badRequest('sportsResultWinnerNotStarted');
  }
}
