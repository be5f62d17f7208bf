import type { AppContext } from '../../platform/context';
import type { Db, Trx } from '../../infra/db/connection';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import { BetResult } from '../../../domain/codes';
import { centsToBrl, decimalText, parseAmount } from '../../../domain/money';
import { OrderStatus } from '../../../domain/sports/labels';
import { marketId, parseMarketId, winnersPerResult } from '../../../domain/sports/markets';
import { builderCashoutCents, cashoutValueCents, type OpenLegPrices } from '../../../domain/sports/cashout';
import { payingLegs } from '../../../domain/sports/builder';
import { partRefusal } from '../../../domain/sports/cashout-part';
import type { LegSettlement } from '../../../domain/sports/settlement';
import { builderSpecs } from './builder.service';
import { marginFor } from '../../../domain/sports/book-margins';
import { potentialReturnCents } from '../../../domain/sports/settlement';
import { countsFromPlacement, placementCountOf } from '../../../domain/sports/rules';
import { evaluateWith, legFacts } from './settlement.service';
import { countSportsWager, paySports } from './sports-money';
import type { Sports } from './sports.module';
import { heldByOperator } from './holds';
import { legsOfBet, type BetRow, type LegRow } from './bets.repository';
import { lockPlayerBet, saveFullCashout, savePartialCashout } from './cashout.repository';
import { lockPlayer } from '../../platform/money/lock-order';

/**
 * Cash-out ("Encerrar aposta", design/sports.md "Cash-out"): an open bet is bought back at its
 * fair value at the prices now, the margin taken out, less the configured take
 * (domain/sports/cashout.ts) — in full, or in part, which keeps the rest of the stake riding.
 * Unavailable while any open leg has no price (suspended, closed).
 */

const unavailable = () => new AppError(409, 'sportsCashoutUnavailable');
/** An amount in the refusals' form (`9.50`). */
const brl = (cents: number) => decimalText(centsToBrl(cents));

/**
 * The market now of the bet a leg holds, as cash-out values it. A market that counts from
 * placement (rules.ts) in play is priced on what is still to come, while the leg counts everything
 * since it was placed: it matches the live line moved by the difference since then (a pre-match
 * −0.5 at 1-0 is the live +0.5). Every other leg is valued on its own market.
 */
function pricesNow(ctx: AppContext, sports: Sports, leg: LegRow, now: number): OpenLegPrices | null {
  const snap = sports.feed.snapshot(leg.fixture_id, now);
  const key = parseMarketId(leg.market_id);
  if (!snap || !key) return null;
  let id = leg.market_id;
  if (snap.state.phase === 'live' && countsFromPlacement(snap.sport, key.type)) {
    const counts = placementCountOf(key.type) === 'corners' ? snap.state.stats.corners : snap.state.score;
    if (!counts) return null;
    const before = leg.score_home_at === null ? 0 : leg.score_home_at - (leg.score_away_at ?? 0);
    id = marketId({ ...key, lineQ: key.lineQ! + 4 * (counts.home - counts.away - before) });
  }
  // A listed market is in the snapshot already (its pricing is cached there); only a line shifted
  // off the list is priced alone, by the same law (a baseball law costs about 10 ms a pricing).
  const market = snap.markets.find((m) => m.id === id) ?? sports.feed.price(leg.fixture_id, id, now);
  const outcome = market?.outcomes.find((o) => o.id === leg.outcome_id);
  if (!market || market.status !== 1 || !outcome?.active) return null;
  const plan = ctx.config.file.sports.margins;
  const margins = marginFor(plan, snap.state.phase === 'live', snap.tier);
  return {
    oddsMilli: leg.odds_milli,
    outcomeId: leg.outcome_id,
    prices: market.outcomes.map((o) => ({ id: o.id, oddsMilli: o.active ? o.oddsMilli : null })),
    method: margins(market.key).method,
    winners: winnersPerResult(market.key.type),
    refundShare: market.refundShare ?? 0,
  };
}

/** What the stake still riding on a bet is. */
const ridingOf = (bet: BetRow) =>
  bet.stake_open_cents === null ? Number(bet.stake_cents) : Number(bet.stake_open_cents);

/**
 * A Criar Aposta bet's cash-out value now: its fair joint chance from the feed's model (the same
 * question its price answered; a selection already won is certain in it), or null while its
 * fixture is suspended or cannot be bet, or once a selection lost or was void (settlement closes it).
 */
function builderValue(
  sports: Sports,
  bet: BetRow,
  evaluated: ReadonlyArray<{ leg: LegRow; settlement: LegSettlement | null }>,
  now: number,
  takeMilli: number,
): number | null {
  if (evaluated.some((e) => e.settlement !== null && e.settlement.kind !== 'won')) return null;
  const fixtureId = evaluated[0]!.leg.fixture_id;
  const snap = sports.feed.snapshot(fixtureId, now);
  if (!snap || snap.state.phase === null || snap.state.suspended) return null;
  const keys = evaluated.map((e) => parseMarketId(e.leg.market_id));
  if (keys.some((k) => k === null)) return null;
  const joint = sports.feed.builderChance(
    fixtureId,
    builderSpecs(evaluated.map((e, i) => ({ key: keys[i]!, outcomeId: e.leg.outcome_id }))),
    now,
  );
  if (!joint?.ok) return null;
  const value = builderCashoutCents(ridingOf(bet), Number(bet.combined_odds_milli), joint.chance, takeMilli);
  return value > 0 ? value : null;
}

/** The cash-out value of an open bet now, or null when unavailable. */
export async function cashoutValue(
  ctx: AppContext,
  sports: Sports,
  db: Db | Trx,
  bet: BetRow,
  legs: LegRow[],
): Promise<number | null> {
  return (await cashoutValues(ctx, sports, db, [{ bet, legs }])).get(bet.id) ?? null;
}

/**
 * The cash-out values of open bets now (null when unavailable), the fixtures' results, windows
 * and operators' holds read once for all of them: a page of "Minhas apostas" is three queries,
 * not three a bet.
 */
export async function cashoutValues(
  ctx: AppContext,
  sports: Sports,
  db: Db | Trx,
  bets: ReadonlyArray<{ bet: BetRow; legs: LegRow[] }>,
): Promise<Map<string, number | null>> {
  const values = new Map<string, number | null>();
  const open = bets.filter(({ bet }) => bet.state === 'open');
  if (open.length === 0) return values;
  const now = sports.now();
  const fixtureIds = open.flatMap(({ legs }) => legs.map((l) => l.fixture_id));
  const facts = await legFacts(db, fixtureIds);
  // A leg still open on a fixture an operator has a result for waits for settlement (holds.ts).
  const held = await heldByOperator(db, fixtureIds);
  const takeMilli = Math.round(ctx.config.file.sports.cashoutMargin * 1000);
  for (const { bet, legs } of open) {
    const evaluated = evaluateWith(facts, legs, bet.placed_at);
    if (evaluated.some((e) => !e.settlement && held.has(e.leg.fixture_id))) {
      values.set(bet.id, null);
      continue;
    }
    // A Super Odd is priced above fair on purpose: a cash-out at fair value would pay its boost out
    // at once (decision 88).
    if (bet.boost_id !== null) {
      values.set(bet.id, null);
      continue;
    }
    if (bet.kind === 'builder') {
      values.set(bet.id, builderValue(sports, bet, evaluated, now, takeMilli));
      continue;
    }
    const value = cashoutValueCents(
      ridingOf(bet),
      evaluated.map((e) =>
        e.settlement
          ? { oddsMilli: e.leg.odds_milli, settlement: e.settlement }
          : { settlement: null, open: pricesNow(ctx, sports, e.leg, now) },
      ),
      takeMilli,
    );
    values.set(bet.id, value === null || value <= 0 ? null : value);
  }
  return values;
}

/**
 * Cashes a bet out in the caller's transaction, under the bet's row lock (settlement takes the
 * same lock, so a bet is either settled or cashed out, never both). `amount` (BRL) sells part of
 * it: the share of the value taken leaves the same share of the stake riding.
 */
export async function cashoutBet(
  ctx: AppContext,
  sports: Sports,
  trx: Trx,
  userId: number,
  betId: string,
  amount: unknown,
) {
  const bet = await lockPlayerBet(trx, userId, betId);
  if (!bet) throw notFound();
  // Then the player's row, as settlement takes it, before any money moves: a partial cash-out
  // pays cash and bonus (a posting locks them in id order, a bet's wallet lock cash first), and
  // without the row it met the player's own bets in the other order and deadlocked.
  await lockPlayer(trx, userId);
  const legs = await legsOfBet(trx, betId);
  const value = await cashoutValue(ctx, sports, trx, bet, legs);
  if (value === null) throw unavailable();
  let takeCents = value;
  if (amount !== undefined && amount !== null && amount !== '') {
    const parsed = parseAmount(amount);
    if (!parsed.ok) throw badRequest('amountInvalid');
    const refusal = partRefusal(
      parsed.cents,
      value,
      Math.round(ctx.config.file.sports.cashoutMinPartial * 100),
    );
    if (refusal) throw new AppError(409, refusal.key, { amount: brl(refusal.amountCents) });
    takeCents = parsed.cents;
  }
  const full = takeCents === value;
  const riding = ridingOf(bet);
  // Rounded down: what stays riding never exceeds the share not sold.
  const stillRiding = full ? 0 : Math.floor((riding * (value - takeCents)) / value);
  // What still rides returns at the same odds: the card shows that, not the whole bet's return.
  const potential = potentialReturnCents(
    stillRiding,
    payingLegs(
      bet.kind,
      Number(bet.combined_odds_milli),
      legs.map((l) => ({ oddsMilli: l.odds_milli, settlement: null })),
    ).map((l) => l.oddsMilli),
    Math.round(ctx.config.file.sports.maxPayoutPerBet * 100),
  );
  const seq = bet.settle_seq + 1;
  // Closed by a cash-out, the bet was played: its stake counts toward wagering.
  if (full) {
    await countSportsWager(ctx, trx, {
      id: betId,
      userId,
      state: 'cashed_out',
      kind: bet.kind,
      resultCode: BetResult.won,
      stakeCents: Number(bet.stake_cents),
    });
  }
  await paySports(
    trx,
    { betId, userId, stakeCents: Number(bet.stake_cents), bonusCents: Number(bet.bonus_cents) },
    takeCents,
    `sports-cashout:${betId}:${seq}`,
    'sports_cashout',
  );
  const cashedOut = Number(bet.cashed_out_cents) + takeCents;
  if (full) {
    await saveFullCashout(trx, betId, {
      // Not a result of the specification's list: a return above the stake reads as won, below it
      // as a partial loss, as for parlays.
      resultCode: cashedOut >= Number(bet.stake_cents) ? BetResult.won : BetResult.halfLost,
      orderStatus: OrderStatus.drawn,
      cashedOutCents: cashedOut,
      settleSeq: seq,
      settledAt: new Date(sports.now()),
    });
  } else {
    await savePartialCashout(trx, betId, {
      stakeOpenCents: stillRiding,
      cashedOutCents: cashedOut,
      potentialCents: potential,
      settleSeq: seq,
    });
  }
  return {
    betId,
    amount: centsToBrl(takeCents),
    value: centsToBrl(value),
    state: full ? 'cashed_out' : 'open',
    stakeOpen: centsToBrl(stillRiding),
    cashedOut: centsToBrl(cashedOut),
    potentialReturn: centsToBrl(full ? 0 : potential),
  };
}
