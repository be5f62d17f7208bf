import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../infra/http/errors';
import type { Trx } from '../../infra/db/connection';
import { BetResult } from '../../../domain/codes';
import { centsToBrl, decimalText, parseAmount } from '../../../domain/money';
import { oddsFromMilli, oddsToMilli } from '../../../domain/sports/ladder';
import { fixtureTitle, isRaceFixture, OrderStatus } from '../../../domain/sports/labels';
import { marketName, outcomeName } from '../../../domain/sports/market-labels';
import { combinedOddsMilli, potentialReturnCents } from '../../../domain/sports/settlement';
import { placementCountOf } from '../../../domain/sports/rules';
import { overroundMilli } from '../../../domain/sports/book-margins';
import { winnersPerResult } from '../../../domain/sports/markets';
import type { SportsBetInput } from '../../../domain/sports/sports.schema';
import { gameUnavailable, openOutcome, optionClosed, type CheckedLeg } from './offer';
import { debitSportsStake, newSportsBetId, paySports } from './sports-money';
import type { Sports } from './sports.module';
import { heldByOperator } from './holds';
import { legsOfBet } from './bets.repository';
import { upsertFixtureForBet } from './fixtures.repository';
import { lockPlayer } from '../../platform/money/lock-order';
import { priceBuilder } from './builder.service';
import { boostedLeg, reserveBoost } from './boosts.service';
import type { BoostRow } from './boosts.repository';
import {
  dueLiveBetIds,
  insertBet,
  insertLegs,
  lockPendingBet,
  potentialSince,
  repriceLeg,
  saveAcceptance,
  saveRefusal,
} from './betting.repository';

/**
 * Placing sports bets (design/sports.md "Betting"): singles and parlays, the player's odds-change
 * preference, limits, pre-match close at the start by the server clock, and the live delay after
 * which a bet is accepted or refused (−11) with its stake returned.
 */

export type OddsChange = SportsBetInput['oddsChange'];

const parlayLimit = () => new AppError(409, 'parlayLimit');

/** The price a bet gets: the quote, or the feed's new price if the player's preference takes it. */
export function acceptedOdds(
  quotedMilli: number,
  currentMilli: number,
  preference: OddsChange,
): number | null {
  if (currentMilli === quotedMilli) return quotedMilli;
  if (currentMilli > quotedMilli) return preference === 'none' ? null : currentMilli;
  return preference === 'any' ? currentMilli : null;
}

/** Milliseconds of the São Paulo day (UTC−3) that `now` falls in began. */
function saoPauloDayStart(now: number): number {
  const offset = 3 * 3_600_000;
  return Math.floor((now - offset) / 86_400_000) * 86_400_000 + offset;
}

/** A bet's legs checked now, what it pays at, and the book each leg was bet into. */
interface PricedBet {
  kind: 'single' | 'parlay' | 'builder';
  legs: CheckedLeg[];
  /** The odds the bet pays at if it wins: each leg's for a parlay, the one price of a builder. */
  paying: number[];
  bookMarginMilli: (leg: CheckedLeg) => number | null;
  /** The Super Odds it takes, whose limit the stake counts against. */
  boost?: BoostRow;
}

/**
 * A single on a Super Odd at its boosted price (boosts.service.ts). Its book is the market's at
 * placement with the boosted price in it: below zero, which the margin report shows as such.
 */
async function boostBet(trx: Trx, sports: Sports, input: SportsBetInput, now: number): Promise<PricedBet> {
  const { leg, boost } = await boostedLeg(trx, sports, input, now);
  return {
    kind: 'single',
    legs: [leg],
    paying: [leg.oddsMilli],
    bookMarginMilli: (l) =>
      overroundMilli(
        l.market.outcomes.map((o) => (o.id === l.outcomeId ? l.oddsMilli : o.active ? o.oddsMilli : null)),
        winnersPerResult(l.market.key.type),
      ),
    boost,
  };
}

/**
 * Whether a leg is on another fixture of a race's (a head-to-head of its competition, starting
 * with it): a race's winner beats every other driver, so a múltipla of the two would pay their
 * prices multiplied for what is nearly one chance. A race's head-to-heads pair different drivers
 * and stay independent of each other.
 */
const sameRace = (race: CheckedLeg, other: CheckedLeg) =>
  other.snap.id !== race.snap.id &&
  other.snap.sport === race.snap.sport &&
  other.snap.competition === race.snap.competition &&
  other.snap.startsAt === race.snap.startsAt;

/** A single or a parlay: one selection per fixture (a race counts its head-to-heads), each at its own price. */
function parlayBet(ctx: AppContext, sports: Sports, input: SportsBetInput, now: number): PricedBet {
  if (input.odds !== undefined) throw badRequest('invalidInput');
  if (input.legs.length > ctx.config.file.sports.maxLegs) throw parlayLimit();
  if (new Set(input.legs.map((l) => l.fixtureId)).size !== input.legs.length) {
    throw new AppError(409, 'sportsSameFixture');
  }
  const legs: CheckedLeg[] = input.legs.map((leg) => {
    const quoted = leg.odds === undefined ? null : oddsToMilli(leg.odds);
    if (quoted === null) throw badRequest('invalidInput');
    const snap = sports.feed.snapshot(leg.fixtureId, now);
    if (!snap) throw gameUnavailable();
    const open = openOutcome(snap, leg.marketId, leg.outcomeId, now);
    const odds = acceptedOdds(quoted, open.oddsMilli, input.oddsChange);
    if (odds === null) throw new AppError(409, 'sportsOddsChanged');
    return { snap, market: open.market, outcomeId: leg.outcomeId, oddsMilli: odds, live: open.live };
  });
  if (legs.some((race) => isRaceFixture(race.snap) && legs.some((other) => sameRace(race, other)))) {
    throw new AppError(409, 'sportsSameFixture');
  }
  return {
    kind: legs.length === 1 ? 'single' : 'parlay',
    legs,
    paying: legs.map((l) => l.oddsMilli),
    bookMarginMilli: (leg) =>
      overroundMilli(
        leg.market.outcomes.map((o) => (o.active ? o.oddsMilli : null)),
        winnersPerResult(leg.market.key.type),
      ),
  };
}

/**
 * Criar Aposta: selections of one fixture at the builder's one price (builder.service.ts), taken
 * as quoted or moved within the player's odds-change preference. Each leg keeps its own market's
 * price for the card; the bet pays the builder's.
 */
function builderBet(ctx: AppContext, sports: Sports, input: SportsBetInput, now: number): PricedBet {
  const fixtureId = input.legs[0]!.fixtureId;
  if (input.legs.some((l) => l.fixtureId !== fixtureId)) {
    throw new AppError(409, 'sportsBuilderLegs', { max: ctx.config.file.sports.builder.maxLegs });
  }
  const quoted = input.odds === undefined ? null : oddsToMilli(input.odds);
  if (quoted === null) throw badRequest('invalidInput');
  const price = priceBuilder(ctx, sports, fixtureId, input.legs, now);
  const odds = acceptedOdds(quoted, price.oddsMilli, input.oddsChange);
  if (odds === null) throw new AppError(409, 'sportsOddsChanged');
  return {
    kind: 'builder',
    legs: price.legs,
    paying: [odds],
    // The builder's one margin on every leg: the report keeps 1/(1 + m) once for the bet, whichever
    // legs were void (a lost leg beats a void one, so a void leg need not void the builder).
    bookMarginMilli: () => Math.round(price.margin * 1000),
  };
}

export interface PlacedBet {
  betId: string;
  stake: number;
  status: number;
  orderStatus: number;
  kind: PricedBet['kind'];
  state: 'open' | 'pending';
  acceptAt: string | null;
  combinedOdds: number;
  potentialReturn: number;
  legs: Array<{ fixtureId: string; marketId: string; outcomeId: string; odds: number; live: boolean }>;
}

/**
 * Places a bet in the caller's transaction: every leg is checked against the feed now, the stake
 * is debited in the same transaction as the bet row, and a bet with a live leg waits for its delay.
 */
export async function placeSportsBet(
  ctx: AppContext,
  sports: Sports,
  trx: Trx,
  userId: number,
  input: SportsBetInput,
): Promise<PlacedBet> {
  const cfg = ctx.config.file.sports;
  const now = sports.now();
  if (input.stake === undefined || input.stake === null || input.stake === '') {
    throw badRequest('betAmountRequired');
  }
  const parsed = parseAmount(input.stake);
  if (!parsed.ok) throw badRequest('amountInvalid');
  const stakeCents = parsed.cents;
  if (stakeCents < Math.round(cfg.minStake * 100))
    throw badRequest('betTooSmall', { amount: decimalText(cfg.minStake) });
  if (stakeCents > Math.round(cfg.maxStake * 100))
    throw badRequest('betTooLarge', { amount: decimalText(cfg.maxStake) });
  const priced =
    input.boostId !== undefined
      ? await boostBet(trx, sports, input, now)
      : input.kind === 'builder'
        ? builderBet(ctx, sports, input, now)
        : parlayBet(ctx, sports, input, now);
  const { legs, paying } = priced;
  const combined = combinedOddsMilli(paying);
  if (legs.length > 1 && combined > Math.round(cfg.maxCombinedOdds * 1000)) throw parlayLimit();
  const potential = potentialReturnCents(stakeCents, paying);
  if (potential > Math.round(cfg.maxPayoutPerBet * 100)) throw parlayLimit();

  const betId = newSportsBetId(now);
  // The stake locks the wallet rows, so the day's total below counts every earlier bet.
  const { bonusPart } = await debitSportsStake(trx, userId, betId, stakeCents);
  if (priced.boost) await reserveBoost(trx, priced.boost, userId, stakeCents);
  const today = await potentialSince(trx, userId, new Date(saoPauloDayStart(now)));
  if (today + potential > Math.round(cfg.maxPayoutPerDay * 100)) throw parlayLimit();

  // Each fixture once (a builder's legs share one), in id order so two bets lock alike.
  const fixtures = new Map(legs.map((l) => [l.snap.id, l.snap]));
  for (const snap of [...fixtures.values()].sort((x, y) => (x.id < y.id ? -1 : 1))) {
    // The upsert locks the fixture's row, so an operator's result (which updates it) and this bet
    // are ordered: one entered first closes the book to the bet (holds.ts).
    const resultSource = await upsertFixtureForBet(trx, {
      id: snap.id,
      sport: snap.sport,
      competition: snap.competition,
      tier: snap.tier,
      home: snap.home,
      away: snap.away,
      startsAt: new Date(snap.startsAt),
      field: snap.field,
    });
    if (resultSource === 'operator') throw optionClosed();
  }

  const live = legs.some((l) => l.live);
  const delay = Math.max(0, ...legs.filter((l) => l.live).map((l) => sports.liveDelayMs(l.snap.sport)));
  const acceptAt = live ? new Date(now + delay) : null;
  await insertBet(trx, {
    id: betId,
    user_id: userId,
    stake_cents: stakeCents,
    bonus_cents: bonusPart,
    kind: priced.kind,
    boost_id: priced.boost?.id ?? null,
    odds_change: input.oddsChange,
    state: live ? 'pending' : 'open',
    combined_odds_milli: combined,
    potential_cents: potential,
    accept_at: acceptAt,
    placed_at: new Date(now),
  });
  await insertLegs(
    trx,
    legs.map((leg, idx) => {
      // What the market counts (rules.ts), recorded for the markets settled from placement.
      const at =
        placementCountOf(leg.market.key.type) === 'corners'
          ? leg.snap.state.stats.corners!
          : leg.snap.state.score;
      return {
        bet_id: betId,
        idx,
        fixture_id: leg.snap.id,
        market_id: leg.market.id,
        outcome_id: leg.outcomeId,
        odds_milli: leg.oddsMilli,
        live: leg.live,
        score_home_at: leg.live ? at.home : null,
        score_away_at: leg.live ? at.away : null,
        state_seq: leg.snap.state.stateSeq,
        stop_seq: leg.snap.state.stopSeq,
        fixture_label: fixtureTitle(leg.snap),
        market_label: marketName(leg.market.key, leg.snap.sport, leg.snap),
        outcome_label: outcomeName(leg.market.key, leg.outcomeId, leg.snap),
        // The book the player bet into, for the margin report (reports.repository.ts).
        book_margin_milli: priced.bookMarginMilli(leg),
      };
    }),
  );
  // What it wagers counts once it is settled as played (sports-money.ts sportsWagerCents).
  return {
    betId,
    stake: centsToBrl(stakeCents),
    status: BetResult.placed,
    orderStatus: OrderStatus.pending,
    kind: priced.kind,
    state: live ? 'pending' : 'open',
    acceptAt: acceptAt?.toISOString() ?? null,
    combinedOdds: oddsFromMilli(combined),
    potentialReturn: centsToBrl(potential),
    legs: legs.map((l) => ({
      fixtureId: l.snap.id,
      marketId: l.market.id,
      outcomeId: l.outcomeId,
      odds: oddsFromMilli(l.oddsMilli),
      live: l.live,
    })),
  };
}

/**
 * Decides a live bet whose delay has passed (research §3.6 item 4): refused with −11 and the stake
 * returned if, for any live leg, the fixture's state changed or a bet stop happened during the
 * delay, the market is no longer open, or the price moved against the player's preference;
 * otherwise accepted at the prices now offered within that preference. Exactly once: the bet row
 * is locked and must still be pending.
 */
export async function decideLiveBet(ctx: AppContext, sports: Sports, betId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const bet = await lockPendingBet(trx, betId);
    if (!bet) return null;
    const now = sports.now();
    const legs = await legsOfBet(trx, betId);
    const prices: number[] = [];
    // A result an operator entered during the delay closes the book (holds.ts).
    let refused =
      (
        await heldByOperator(
          trx,
          legs.map((l) => l.fixture_id),
        )
      ).size > 0;
    for (const leg of refused ? [] : legs) {
      if (!leg.live) {
        prices.push(leg.odds_milli);
        continue;
      }
      const snap = sports.feed.snapshot(leg.fixture_id, now);
      try {
        if (!snap || snap.state.stateSeq !== leg.state_seq || snap.state.stopSeq !== leg.stop_seq)
          throw optionClosed();
        const open = openOutcome(snap, leg.market_id, leg.outcome_id, now);
        const odds = acceptedOdds(leg.odds_milli, open.oddsMilli, bet.odds_change as OddsChange);
        if (odds === null) throw optionClosed();
        prices.push(odds);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused = true;
        break;
      }
    }
    const stakeCents = Number(bet.stake_cents);
    if (refused) {
      // The player's row before the refund is written: it moves the player's net-loss bucket of
      // the hour (migration 021's trigger) and then the wallet, which the player's bets take the
      // other way round under that row; without it the two deadlocked.
      await lockPlayer(trx, bet.user_id);
      await saveRefusal(trx, betId, {
        resultCode: BetResult.refused,
        orderStatus: OrderStatus.notDrawn,
        payoutCents: stakeCents,
        settledAt: new Date(now),
      });
      await paySports(
        trx,
        { betId, userId: bet.user_id, stakeCents, bonusCents: Number(bet.bonus_cents) },
        stakeCents,
        `sports-refund:${betId}`,
        'sports_refund',
      );
      return { betId, userId: bet.user_id, accepted: false, refundCents: stakeCents };
    }
    for (const [idx, odds] of prices.entries()) {
      if (odds !== legs[idx]!.odds_milli) await repriceLeg(trx, betId, idx, odds);
    }
    await saveAcceptance(trx, betId, {
      combinedOddsMilli: combinedOddsMilli(prices),
      potentialCents: potentialReturnCents(stakeCents, prices),
    });
    return { betId, userId: bet.user_id, accepted: true, refundCents: 0 };
  });
}

/** Live bets whose delay has passed, oldest first. */
export async function dueLiveBets(ctx: AppContext, now: number, limit = 200): Promise<string[]> {
  return dueLiveBetIds(ctx.db, new Date(now), limit);
}
