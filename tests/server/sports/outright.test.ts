import { describe, expect, it } from 'vitest';
import { call, fundedPlayer } from '../helpers';
import { afterStartOf, placeSportsBet, type BetLeg } from './sports-helpers';
import { legOf, useRaceApp } from './race-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import { runSettlement } from '../../../server/modules/sports/jobs';
import { byShape } from '../../../domain/sports/book-margins';
import { cashoutValueCents } from '../../../domain/sports/cashout';
import { raceWinChances } from '../../../domain/sports/ratings';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * Motor racing's Vencedor da Corrida (`outright:full`) on a race's own fixture: listed with its
 * field, bet through `POST /api/app/sports/bet`, cashed out at no more than its fair value,
 * settled from the feed's classification and from an operator's, and kept out of a múltipla with
 * a head-to-head of the same race.
 */

const { app, feed, clock, operator, motor, raceOf, timelineOf, post, enter, betsOf } = useRaceApp('outright');

describe('a race’s own fixture', () => {
  it('is listed by its name with the whole field priced, favourites first, before the start', async () => {
    const race = raceOf('Fórmula 1');
    expect(race.away).toBe('');
    expect(race.field).toHaveLength(20);
    const list = await call(app(), { method: 'GET', url: '/api/app/sports/fixtures?sport=motor_racing' });
    const row = (
      list.body.data as Array<{ id: string; home: string; away: string; main: { id: string } | null }>
    ).find((f) => f.id === race.id)!;
    expect(row).toMatchObject({ home: race.home, away: '', main: { id: 'outright:full' } });
    // A driver's name finds the race.
    const search = await call(app(), { method: 'GET', url: '/api/app/sports/fixtures?q=Bortoleto' });
    expect((search.body.data as Array<{ id: string }>).map((f) => f.id)).toContain(race.id);

    const detail = await call(app(), { method: 'GET', url: `/api/app/sports/fixtures/${race.id}` });
    expect(detail.code).toBe(200);
    const [market] = detail.body.data.markets as Array<{
      id: string;
      name: string;
      group: string;
      outcomes: Array<{ id: string; name: string; odds: number }>;
    }>;
    expect(market).toMatchObject({
      id: 'outright:full',
      name: 'Vencedor da Corrida',
      group: 'Vencedor da Corrida',
    });
    expect(market!.outcomes.map((o) => o.name).sort()).toEqual(race.field!.map((d) => d.name).sort());
    const odds = market!.outcomes.map((o) => o.odds);
    expect([...odds].sort((a, b) => a - b)).toEqual(odds);
  });

  it('is bet alone or with another race’s head-to-head, never with one of its own', async () => {
    const p = await fundedPlayer(app(), 100);
    const race = raceOf('Fórmula 1');
    const favourite = race.markets[0]!.outcomes[0]!.id;
    const own = motor().find((f) => !f.field && f.competition === 'Fórmula 1')!;
    const other = motor().find((f) => !f.field && f.competition === 'IndyCar')!;
    const together = await post(p.token, '/api/app/sports/bet', {
      stake: 5,
      legs: [legOf(race, 'outright:full', favourite), legOf(own, 'head_to_head:full', 'home')],
    });
    expect(together.code).toBe(409);
    expect(together.body.message).toBe('Escolha apenas uma seleção por jogo na aposta múltipla');
    await placeSportsBet(
      app(),
      p.token,
      [legOf(race, 'outright:full', favourite), legOf(other, 'head_to_head:full', 'home')],
      5,
    );
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(9_500);
  });

  it('cashes a bet out before the start at no more than its fair value', async () => {
    const p = await fundedPlayer(app(), 100);
    const race = raceOf('Fórmula 1');
    const market = race.markets[0]!;
    const pick = market.outcomes[1]!;
    const betId = await placeSportsBet(app(), p.token, [legOf(race, 'outright:full', pick.id)], 20);
    const listed = (await betsOf(p.token)).get(betId)!;
    expect(listed.legs[0]).toMatchObject({
      fixture: race.home,
      market: 'Vencedor da Corrida',
      outcome: race.field!.find((d) => d.id === pick.id)!.name,
    });
    const method = byShape(app().ctx.config.file.sports.margins.preMatch)(market.key).method;
    const value = cashoutValueCents(
      2_000,
      [
        {
          settlement: null,
          open: {
            oddsMilli: pick.oddsMilli!,
            outcomeId: pick.id,
            prices: market.outcomes.map((o) => ({ id: o.id, oddsMilli: o.oddsMilli })),
            method,
            refundShare: 0,
          },
        },
      ],
      Math.round(app().ctx.config.file.sports.cashoutMargin * 1000),
    )!;
    expect(listed.cashout).toEqual({ available: true, value: value / 100 });
    // The model's own chance of the driver: the bet's fair value is stake × odds × chance.
    const tl = timelineOf(race.id);
    const chance = raceWinChances(tl.paces!, 0.08)[Number(pick.id.slice(1)) - 1]!;
    expect(value).toBeLessThanOrEqual(2_000 * (pick.oddsMilli! / 1000) * chance);
    expect(value).toBeLessThan(2_000);
    const res = await post(p.token, '/api/app/sports/cashout', { betId });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({ amount: value / 100, state: 'cashed_out' });
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(10_000 - 2_000 + value);
  });

  it('is settled from the feed’s classification: the winner paid at its odds, the others lost', async () => {
    const p = await fundedPlayer(app(), 100);
    const race = raceOf('IndyCar');
    const tl = timelineOf(race.id);
    const [winner] = tl.classification!.winners;
    const loser = race.markets[0]!.outcomes.find((o) => o.id !== winner)!.id;
    const won = legOf(race, 'outright:full', winner!);
    const lost = legOf(race, 'outright:full', loser);
    const wonBet = await placeSportsBet(app(), p.token, [won], 10);
    const lostBet = await placeSportsBet(app(), p.token, [lost], 10);

    // Not in play: nothing is offered once the race is under way.
    clock.set(feed().clock.toReal(tl.kickoff!) + 60_000);
    const live = await call(app(), { method: 'GET', url: `/api/app/sports/fixtures/${race.id}` });
    expect(live.body.data).toMatchObject({ live: true, markets: [] });
    const late = await post(p.token, '/api/app/sports/bet', { stake: 5, legs: [won] });
    expect(late.code).toBe(409);

    clock.set(feed().clock.toReal(tl.finalAt!) + 1_000);
    await runSettlement(app().ctx, app().sports);
    const bets = await betsOf(p.token);
    expect(bets.get(wonBet)).toMatchObject({
      result: BetResult.won,
      payout: Math.floor(won.odds * 1000) / 100,
    });
    expect(bets.get(lostBet)).toMatchObject({ result: BetResult.lost, payout: 0 });
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(
      10_000 - 2_000 + Math.floor(won.odds * 1000),
    );
    const results = await call(app(), { method: 'GET', url: '/api/app/sports/results?sport=motor_racing' });
    const shown = (results.body.data as Array<{ id: string; winner: string | null }>).find(
      (r) => r.id === race.id,
    );
    expect(shown?.winner).toBe(race.field!.find((d) => d.id === winner)!.name);
  });

  it('takes an operator’s classification: a dead heat halves the odds, a non-starter is void, a cancellation voids all', async () => {
    const p = await fundedPlayer(app(), 100);
    const race = raceOf('Fórmula 1');
    const [a, b, c, d] = race.markets[0]!.outcomes.map((o) => legOf(race, 'outright:full', o.id));
    const ids = [];
    for (const leg of [a!, b!, c!, d!]) ids.push(await placeSportsBet(app(), p.token, [leg], 10));
    afterStartOf(clock, [race]);

    // The console's list gives the field to name the classification with.
    const desk = await call(app(), {
      method: 'GET',
      url: `/api/admin/sports/fixtures?q=${race.id}`,
      headers: operator(),
    });
    expect(desk.body.data[0].field).toEqual(race.field);

    // What settlement could not read right is refused, and changes nothing.
    const refused = [
      { status: MatchTime.finished },
      { status: MatchTime.finished, full: { home: 1, away: 0 } },
      { status: MatchTime.finished, classification: { winners: ['d99'] } },
      { status: MatchTime.finished, classification: { winners: [a!.outcomeId, a!.outcomeId] } },
      { status: MatchTime.cancelled, classification: { winners: [a!.outcomeId] } },
    ];
    for (const payload of refused)
      expect((await enter(race.id, payload)).code, JSON.stringify(payload)).toBe(400);
    const started = await enter(race.id, {
      status: MatchTime.finished,
      classification: { winners: [a!.outcomeId], notStarted: [a!.outcomeId] },
    });
    expect(started.code).toBe(400);
    expect(started.body.message).toBe('Quem venceu a corrida não pode constar entre os que não largaram');
    const h2h = motor().find((f) => !f.field)!;
    const onPair = await enter(h2h.id, {
      status: MatchTime.finished,
      classification: { winners: ['d1'] },
    });
    expect(onPair.code).toBe(400);
    expect((await betsOf(p.token)).get(ids[0]!)!.state).toBe('open');

    const tie = await enter(race.id, {
      status: MatchTime.finished,
      classification: { winners: [a!.outcomeId, b!.outcomeId], notStarted: [c!.outcomeId] },
    });
    expect(tie.code).toBe(200);
    let bets = await betsOf(p.token);
    const half = (leg: BetLeg) => Math.floor((leg.odds * 1000) / 2) / 100;
    expect(bets.get(ids[0]!)).toMatchObject({ result: BetResult.deadHeat, payout: half(a!) });
    expect(bets.get(ids[1]!)).toMatchObject({ result: BetResult.deadHeat, payout: half(b!) });
    expect(bets.get(ids[2]!)).toMatchObject({ result: BetResult.refund, payout: 10 });
    expect(bets.get(ids[3]!)).toMatchObject({ result: BetResult.lost, payout: 0 });

    // Corrected to a race not run: every bet is void.
    expect((await enter(race.id, { status: MatchTime.cancelled })).code).toBe(200);
    bets = await betsOf(p.token);
    for (const id of ids) expect(bets.get(id)).toMatchObject({ result: BetResult.refund, payout: 10 });
    expect((await playerBalances(app().ctx.db, p.userId)).user_cash).toBe(10_000);
  });
});
