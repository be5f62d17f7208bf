import { sql } from 'kysely';
import type { Db } from '../../infra/db/connection';
import { centsToBrl } from '../../../domain/money';
import { NO_ACTION_RESULTS } from '../../../domain/sports/settlement';
import { configuredRtp } from '../games/settings';
import type { DailyReportRow, MarginRow, ProductRow } from '../../../domain/schemas/back-office.schema';
import { MARGIN_GROUPS, marginGroup } from '../../../domain/sports/book-margins';
import { MARKET_TYPES, PERIODS, type MarketType, type Period } from '../../../domain/sports/markets';

/** Reports count days as the players live them. */
const REPORT_TIME_ZONE = 'America/Sao_Paulo';

/** One day of the daily report (domain/schemas/back-office.schema.ts). */
export type DailyRow = DailyReportRow;

/** The days from `from` to `to` inclusive, as ISO dates. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Stakes, payouts and GGR per day from the ledger itself: money into a house account (stakes, and
 * reversed payouts of corrected results) and out of it (payouts, refunds). GGR is their difference.
 */
export async function dailyReport(db: Db, from: string, to: string): Promise<DailyRow[]> {
  const day = (column: string) =>
    sql<string>`to_char(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)}, 'YYYY-MM-DD')`;
  const inRange = (column: string) =>
    sql<boolean>`(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)})::date between ${from}::date and ${to}::date`;
  const house = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      day('t.created_at').as('day'),
      'a.kind',
      sql<string>`coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0)`.as('inflow'),
      sql<string>`coalesce(sum(case when p.amount < 0 then -p.amount else 0 end), 0)`.as('outflow'),
    ])
    .where('a.kind', 'in', ['house_game', 'house_sports'])
    .where(inRange('t.created_at'))
    .groupBy([day('t.created_at'), 'a.kind'])
    .execute();
  const deposits = await db
    .selectFrom('deposit_orders')
    .select([day('paid_at').as('day'), sql<string>`sum(amount_cents)`.as('total')])
    .where('paid_at', 'is not', null)
    .where(inRange('paid_at'))
    .groupBy(day('paid_at'))
    .execute();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select([day('finished_at').as('day'), sql<string>`sum(amount_cents)`.as('total')])
    .where('payout_state', '=', 'paid')
    .where(inRange('finished_at'))
    .groupBy(day('finished_at'))
    .execute();
  const players = await db
    .selectFrom('users')
    .select([day('created_at').as('day'), sql<string>`count(*)`.as('total')])
    .where(inRange('created_at'))
    .groupBy(day('created_at'))
    .execute();
  const firstPaid = db
    .selectFrom('deposit_orders')
    .select(['user_id', sql<Date>`min(paid_at)`.as('first_at')])
    .where('paid_at', 'is not', null)
    .groupBy('user_id')
    .as('f');
  const firsts = await db
    .selectFrom(firstPaid)
    .select([day('f.first_at').as('day'), sql<string>`count(*)`.as('total')])
    .where(inRange('f.first_at'))
    .groupBy(day('f.first_at'))
    .execute();
  return daysBetween(from, to).map((d) => {
    const game = house.find((h) => h.day === d && h.kind === 'house_game');
    const sports = house.find((h) => h.day === d && h.kind === 'house_sports');
    const cents = (v: string | undefined) => Number(v ?? 0);
    return {
      day: d,
      casinoStakes: centsToBrl(cents(game?.inflow)),
      casinoPayouts: centsToBrl(cents(game?.outflow)),
      casinoGgr: centsToBrl(cents(game?.inflow) - cents(game?.outflow)),
      sportsStakes: centsToBrl(cents(sports?.inflow)),
      sportsPayouts: centsToBrl(cents(sports?.outflow)),
      sportsGgr: centsToBrl(cents(sports?.inflow) - cents(sports?.outflow)),
      deposits: centsToBrl(cents(deposits.find((x) => x.day === d)?.total)),
      withdrawals: centsToBrl(cents(withdrawals.find((x) => x.day === d)?.total)),
      newPlayers: cents(players.find((x) => x.day === d)?.total),
      firstDeposits: cents(firsts.find((x) => x.day === d)?.total),
    };
  });
}

/*
 * A sports bet (`sb`) with no action (void, pushed or cancelled whole: NO_ACTION_RESULTS) had its
 * open stake back, so every report counts it only for what a cash-out sold of it before: that part
 * of its stake against the cash-out paid (a race not run had counted every stake as turnover and
 * every refund as a payout). A cash-out is a return too: a cashed-out bet's, and the part sold of
 * one settled later.
 */
const NO_ACTION = sql<boolean>`sb.result_code in (${sql.join(NO_ACTION_RESULTS)})`;
const STAKE_WITH_ACTION = sql<string>`case when ${NO_ACTION} then sb.stake_cents - sb.payout_cents else sb.stake_cents end`;
const RETURN_WITH_ACTION = sql<string>`case when ${NO_ACTION} then sb.cashed_out_cents else sb.payout_cents + sb.cashed_out_cents end`;
const HAD_ACTION = sql<boolean>`(not ${NO_ACTION} or sb.cashed_out_cents > 0)`;

/**
 * Settled bets of the range per casino game and per sport (a múltipla across sports counts as
 * `multiple`), with the observed RTP next to the configured one so a drifting game shows. A sports
 * bet counts for the part of it that had action (STAKE_WITH_ACTION), as in the margin report.
 */
export async function productReport(db: Db, from: string, to: string): Promise<ProductRow[]> {
  const inRange = (column: string) =>
    sql<boolean>`(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)})::date between ${from}::date and ${to}::date`;
  const casino = await db
    .selectFrom('bets as b')
    .leftJoin('game_settings as g', 'g.game', 'b.game')
    .select([
      'b.game as product',
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(b.amount_cents)`.as('stakes'),
      sql<string>`sum(b.payout_cents)`.as('payouts'),
      sql<string | null>`max(g.edge)`.as('edge'),
    ])
    .where('b.status', '=', 'settled')
    .where(inRange('b.settled_at'))
    .groupBy('b.game')
    .execute();
  const legSports = db
    .selectFrom('sports_bet_legs as l')
    .innerJoin('sports_fixtures as f', 'f.id', 'l.fixture_id')
    .select([
      'l.bet_id',
      sql<string>`case when count(distinct f.sport) = 1 then min(f.sport) else 'multiple' end`.as('sport'),
    ])
    .groupBy('l.bet_id')
    .as('s');
  const sports = await db
    .selectFrom('sports_bets as sb')
    .innerJoin(legSports, 's.bet_id', 'sb.id')
    .select([
      's.sport as product',
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(${STAKE_WITH_ACTION})`.as('stakes'),
      sql<string>`sum(${RETURN_WITH_ACTION})`.as('payouts'),
    ])
    .where('sb.state', 'in', ['settled', 'cashed_out'])
    .where(HAD_ACTION)
    .where(inRange('sb.settled_at'))
    .groupBy('s.sport')
    .execute();
  const row = (
    kind: ProductRow['kind'],
    r: { product: string; bets: string; stakes: string; payouts: string },
    edge: number | null,
  ): ProductRow => {
    const stakes = Number(r.stakes);
    const payouts = Number(r.payouts);
    return {
      product: r.product,
      kind,
      bets: Number(r.bets),
      stakes: centsToBrl(stakes),
      payouts: centsToBrl(payouts),
      ggr: centsToBrl(stakes - payouts),
      rtpObserved: stakes > 0 ? Math.round((payouts / stakes) * 10_000) / 10_000 : null,
      rtpConfigured: edge === null ? null : Math.round((1 - edge) * 10_000) / 10_000,
    };
  };
  return [
    ...casino.map((r) =>
      row('casino', r, r.edge === null ? null : 1 - configuredRtp(r.product, Number(r.edge))),
    ),
    ...sports.map((r) => row('sports', r, null)),
  ].sort((a, b) => b.stakes - a.stakes);
}

/** A single's market group from its market id's type and period; null for one Trevo never offered. */
function groupOf(typeAndPeriod: string): MarginRow['group'] | null {
  const [type, period] = typeAndPeriod.split(':');
  if (
    !(MARKET_TYPES as readonly string[]).includes(type!) ||
    !(PERIODS as readonly string[]).includes(period!)
  ) {
    return null;
  }
  return marginGroup({ type: type as MarketType, period: period as Period });
}

/**
 * The book's margins against what it kept (MarginRow): settled and cashed-out bets of the range,
 * a bet's return being its payout and every cash-out of it. A leg's book is its market's
 * overround at placement; a bet keeps 1 − ∏ 1/(1 + m) of its stake in expectation, over the legs
 * that had action. A ticket with none counts only for what a cash-out sold of it.
 */
export async function marginReport(db: Db, from: string, to: string): Promise<MarginRow[]> {
  const inRange = (column: string) =>
    sql<boolean>`(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)})::date between ${from}::date and ${to}::date`;
  // A leg void or pushed had no action: its market's book is not part of the ticket's.
  const played = sql<boolean>`(l.kind is null or l.kind not in ('void', 'push'))`;
  const perBet = db
    .selectFrom('sports_bets as sb')
    .innerJoin('sports_bet_legs as l', 'l.bet_id', 'sb.id')
    .innerJoin('sports_fixtures as f', 'f.id', 'l.fixture_id')
    .select([
      'sb.kind',
      sql<string>`max(${STAKE_WITH_ACTION})`.as('stake'),
      sql<string>`max(${RETURN_WITH_ACTION})`.as('returned'),
      sql<string>`min(split_part(l.market_id, ':', 1) || ':' || split_part(l.market_id, ':', 2))`.as(
        'market',
      ),
      sql<number | null>`min(f.tier)`.as('tier'),
      // ∏ 1/(1 + m) over the played legs, known only when each of their books is. A builder has
      // one price and one margin (on each of its legs): it keeps 1/(1 + m) whatever its legs did.
      sql<string | null>`case when sb.kind = 'builder' then 1000.0 / (1000 + max(l.book_margin_milli))
        when count(l.book_margin_milli) filter (where ${played}) = count(*) filter (where ${played})
        then exp(coalesce(sum(ln(1000.0 / (1000 + l.book_margin_milli))) filter (where ${played}), 0)) end`.as(
        'keep',
      ),
    ])
    .where('sb.state', 'in', ['settled', 'cashed_out'])
    // Super Odds lose by design and are reported apart (GET /api/admin/sports/boosts, decision 88).
    .where('sb.boost_id', 'is', null)
    .where(HAD_ACTION)
    .where(inRange('sb.settled_at'))
    .groupBy(['sb.id', 'sb.kind'])
    .as('b');
  const single = sql<boolean>`b.kind = 'single'`;
  const builder = sql<boolean>`b.kind = 'builder'`;
  const rows = await db
    .selectFrom(perBet)
    .select([
      sql<string | null>`case when ${single} then b.market end`.as('market'),
      sql<number | null>`case when ${single} then b.tier end`.as('tier'),
      sql<boolean>`${builder}`.as('builder'),
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(b.stake)`.as('stakes'),
      sql<string>`sum(b.returned)`.as('returns'),
      sql<string | null>`sum(case when b.keep is not null then b.stake end)`.as('known'),
      sql<string | null>`sum(b.stake * b.keep)`.as('kept'),
      sql<string | null>`sum(b.stake / b.keep)`.as('booked'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();

  interface Sum {
    bets: number;
    stakes: number;
    returns: number;
    known: number;
    kept: number;
    booked: number;
  }
  const sums = new Map<string, Sum & { group: MarginRow['group']; tier: number | null }>();
  for (const r of rows) {
    // Múltiplas and Criar Aposta apart: each is one book of its own, whatever its markets.
    const group = r.builder ? 'builder' : r.market === null ? 'parlay' : groupOf(r.market);
    if (group === null) continue;
    const tier = group === 'parlay' || group === 'builder' ? null : r.tier;
    const id = `${group}|${tier}`;
    const s = sums.get(id) ?? { group, tier, bets: 0, stakes: 0, returns: 0, known: 0, kept: 0, booked: 0 };
    s.bets += Number(r.bets);
    s.stakes += Number(r.stakes);
    s.returns += Number(r.returns);
    s.known += Number(r.known ?? 0);
    s.kept += Number(r.kept ?? 0);
    s.booked += Number(r.booked ?? 0);
    sums.set(id, s);
  }
  const ratio = (x: number) => Math.round(x * 10_000) / 10_000;
  const order = [...MARGIN_GROUPS, 'parlay', 'builder'];
  return [...sums.values()]
    .sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group) || (a.tier ?? 0) - (b.tier ?? 0))
    .map((s) => ({
      group: s.group,
      tier: s.tier,
      bets: s.bets,
      stakes: centsToBrl(s.stakes),
      returns: centsToBrl(s.returns),
      ggr: centsToBrl(s.stakes - s.returns),
      marginBook: s.known > 0 ? ratio(s.booked / s.known - 1) : null,
      holdExpected: s.known > 0 ? ratio(1 - s.kept / s.known) : null,
      holdObserved: s.stakes > 0 ? ratio(1 - s.returns / s.stakes) : null,
    }));
}
