import type { AppContext } from '../../platform/context';
import type { Trx } from '../../infra/db/connection';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import { centsToBrl, decimalText, parseAmount } from '../../../domain/money';
import { isLadderPrice, oddsFromMilli, oddsToMilli } from '../../../domain/sports/ladder';
import { fixtureTitle } from '../../../domain/sports/labels';
import { marketName, outcomeName } from '../../../domain/sports/market-labels';
import type { BoostInput, SportsBetInput } from '../../../domain/sports/sports.schema';
import { gameUnavailable, openOutcome, optionClosed, type CheckedLeg } from './offer';
import type { Sports } from './sports.module';
import {
  boostFigures,
  boostStakeOf,
  endBoost,
  findRunningBoost,
  insertBoost,
  reserveBoostStake,
  runningBoosts,
  type BoostRow,
} from './boosts.repository';

/**
 * Super Odds (issue 16, decision 88): a trader raises the price of one selection before its
 * fixture starts, and each player may stake up to the boost's limit on it, as singles. The book
 * loses on a boost by design, so a boosted bet is kept out of what could multiply or repeat the
 * loss: no múltipla or Criar Aposta, no cash-out (a cash-out at fair value of a price above fair
 * would pay out the boost at once), no Pagamento Antecipado; and its figures are reported apart.
 */

/** A boost above twice the book's price is refused as a likely slip of the trader's hand. */
const MOST_ABOVE_BOOK = 2;

const invalid = (amount: string) => new AppError(409, 'sportsBoostInvalid', { amount });

/** A running boost as players see it. */
function boostView(b: BoostRow) {
  return {
    id: b.id,
    fixtureId: b.fixture_id,
    fixture: b.fixture_label,
    startsAt: new Date(b.starts_at).toISOString(),
    marketId: b.market_id,
    market: b.market_label,
    outcomeId: b.outcome_id,
    outcome: b.outcome_label,
    odds: oddsFromMilli(b.odds_milli),
    was: oddsFromMilli(b.was_milli),
    maxStake: centsToBrl(Number(b.max_stake_cents)),
  };
}

/** Records an operator's action on a boost in the action's transaction (the audit trail). */
type AuditBoost = (trx: Trx, boost: ReturnType<typeof boostView>) => Promise<void>;

/** Sets a boost on a selection open before its fixture's start, audited with it. */
export async function createBoost(
  ctx: AppContext,
  sports: Sports,
  operatorId: number,
  input: BoostInput,
  audit: AuditBoost,
) {
  const now = sports.now();
  const snap = sports.feed.snapshot(input.fixtureId, now);
  if (!snap || snap.state.phase !== 'pre' || now >= snap.startsAt) throw gameUnavailable();
  const open = openOutcome(snap, input.marketId, input.outcomeId, now);
  const odds = oddsToMilli(input.odds);
  if (
    odds === null ||
    !isLadderPrice(odds) ||
    odds <= open.oddsMilli ||
    odds > MOST_ABOVE_BOOK * open.oddsMilli
  ) {
    throw invalid(decimalText(oddsFromMilli(open.oddsMilli)));
  }
  const stake = parseAmount(input.maxStake);
  if (!stake.ok || stake.cents < 100) throw badRequest('amountInvalid');
  return ctx.db.transaction().execute(async (trx) => {
    const row = await insertBoost(trx, {
      fixture_id: snap.id,
      market_id: open.market.id,
      outcome_id: input.outcomeId,
      odds_milli: odds,
      was_milli: open.oddsMilli,
      max_stake_cents: stake.cents,
      fixture_label: fixtureTitle(snap),
      market_label: marketName(open.market.key, snap.sport, snap),
      outcome_label: outcomeName(open.market.key, input.outcomeId, snap),
      starts_at: new Date(snap.startsAt),
      created_by: operatorId,
    });
    if (!row) throw new AppError(409, 'sportsBoostExists');
    const view = boostView(row);
    await audit(trx, view);
    return view;
  });
}

/** Ends a running boost (no more bets at its price; bets placed keep it), audited with it. */
export async function stopBoost(ctx: AppContext, id: number, now: number, audit: AuditBoost) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await endBoost(trx, id, new Date(now));
    if (!row) throw notFound();
    const view = boostView(row);
    await audit(trx, view);
    return view;
  });
}

/** The boosts players can take now: running, their fixture still to start and selection open. */
export async function playerBoosts(ctx: AppContext, sports: Sports) {
  const now = sports.now();
  const rows = await runningBoosts(ctx.db, new Date(now));
  return rows.flatMap((b) => {
    const snap = sports.feed.snapshot(b.fixture_id, now);
    if (!snap) return [];
    try {
      if (openOutcome(snap, b.market_id, b.outcome_id, now).live) return [];
    } catch {
      return [];
    }
    return [{ ...boostView(b), sport: snap.sport }];
  });
}

/** Every boost with its own figures (the operator's report: a boost's loss is not the book's hold). */
export async function boostReport(ctx: AppContext) {
  const rows = await boostFigures(ctx.db);
  return rows.map((r) => ({
    ...boostView(r),
    endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
    bets: Number(r.bets),
    players: Number(r.players),
    stakes: centsToBrl(Number(r.stakes)),
    paid: centsToBrl(Number(r.paid)),
    /** Settled stakes less what they paid: the boost's hold so far. */
    hold: centsToBrl(Number(r.settled_stakes) - Number(r.paid)),
    boostCost: centsToBrl(Number(r.boost_cost)),
  }));
}

/**
 * A bet on a boost: a single on its selection at its price, before the start, while the boost
 * runs. The player's running total on the boost is reserved by `reserveBoost` after the stake is
 * debited, in the bet's transaction.
 */
export async function boostedLeg(
  trx: Trx,
  sports: Sports,
  input: SportsBetInput,
  now: number,
): Promise<{ leg: CheckedLeg; boost: BoostRow }> {
  const boost = await findRunningBoost(trx, input.boostId!);
  const [only] = input.legs;
  if (input.kind !== undefined || input.legs.length !== 1 || input.odds !== undefined) {
    throw new AppError(409, 'sportsBoostSingle');
  }
  if (!boost) throw optionClosed();
  if (
    only!.fixtureId !== boost.fixture_id ||
    only!.marketId !== boost.market_id ||
    only!.outcomeId !== boost.outcome_id
  ) {
    throw new AppError(409, 'sportsBoostSingle');
  }
  const snap = sports.feed.snapshot(boost.fixture_id, now);
  if (!snap) throw gameUnavailable();
  const open = openOutcome(snap, boost.market_id, boost.outcome_id, now);
  if (open.live) throw optionClosed();
  // A boost's price does not move: the slip's must be it.
  if (only!.odds === undefined || oddsToMilli(only!.odds) !== boost.odds_milli) {
    throw new AppError(409, 'sportsOddsChanged');
  }
  return {
    leg: { snap, market: open.market, outcomeId: boost.outcome_id, oddsMilli: boost.odds_milli, live: false },
    boost,
  };
}

/** Counts a boosted stake against the player's limit, or refuses with what is left. */
export async function reserveBoost(trx: Trx, boost: BoostRow, userId: number, stakeCents: number) {
  const max = Number(boost.max_stake_cents);
  const total = await reserveBoostStake(trx, boost.id, userId, stakeCents, max);
  if (total === null) {
    const left = Math.max(0, max - (await boostStakeOf(trx, boost.id, userId)));
    throw new AppError(409, 'sportsBoostLimit', { amount: decimalText(centsToBrl(left)) });
  }
}
