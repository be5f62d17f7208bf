import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer } from '../helpers';
import { useSportsApp } from './sports-helpers';
import { playerBalances } from '../../../server/platform/money/ledger';
import type { FixtureSnapshot } from '../../../server/modules/sports/feed';
import { runSettlement } from '../../../server/modules/sports/jobs';
import { parseMarketId } from '../../../domain/sports/markets';
import { BetResult, MatchTime } from '../../../domain/codes';

/**
 * Criar Aposta (issue 16, decision 87) through the API: a quote for selections of one match from
 * the joint model, refusals for what a builder cannot take, the bet placed at the quote with
 * `kind: "builder"`, cashed out below its stake right after, and settled by the real rules as one
 * price on all its selections. Runs on PGlite and PostgreSQL (tests/server/sports).
 */

/** Monday 16 March 2026, 09:00 in São Paulo. */
const START = Date.UTC(2026, 2, 16, 12, 0);
const sports = useSportsApp(START);
const { clock, feed } = sports;

let counter = 0;
const post = (token: string | null, url: string, payload: object) =>
  call(sports.app(), {
    method: 'POST',
    url,
    headers: token ? { ...auth(token), 'idempotency-key': `bb-${counter++}` } : {},
    payload,
  });
const quote = (fixtureId: string, legs: Array<{ marketId: string; outcomeId: string }>) =>
  post(null, '/api/app/sports/builder/quote', { fixtureId, legs });

function upcoming(sport = 'football', skip = 0): FixtureSnapshot {
  return feed()
    .listFixtures({ sport: sport as 'football' }, clock.now())
    .filter((f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > clock.now() + 60_000)
    .filter((f) => feed().timelineOf(f.id)!.fixture.fate === 'normal')[skip]!;
}

const priceOf = (snap: FixtureSnapshot, market: string, outcome: string) =>
  snap.markets.find((m) => m.id === market)!.outcomes.find((o) => o.id === outcome)!.oddsMilli!;

/** A listed over/under of the whole match's goals on a half line. */
const halfLineTotal = (snap: FixtureSnapshot) =>
  snap.markets.find((m) => m.key.type === 'totals' && m.key.period === 'full' && m.key.lineQ! % 4 === 2)!.id;

describe('Criar Aposta', () => {
  it('quotes correlated selections from the joint model, not as the product of their prices', async () => {
    const f = upcoming();
    const total = halfLineTotal(f);
    const legs = [
      { marketId: 'match_winner:full', outcomeId: 'home' },
      { marketId: total, outcomeId: 'over' },
    ];
    const res = await quote(f.id, legs);
    expect(res.code, res.body.message).toBe(200);
    const odds = res.body.data.odds as number;
    expect(odds).toBeGreaterThan(1.01);
    // A home win and goals go together: the pair is likelier than independence says, so the
    // builder pays less than the product of the two prices even with its own margin on top.
    const product = (priceOf(f, 'match_winner:full', 'home') / 1000) * (priceOf(f, total, 'over') / 1000);
    expect(odds).toBeLessThan(product);
    // Their other orders quote the same.
    expect((await quote(f.id, [...legs].reverse())).body.data.odds).toBe(odds);
  });

  it('refuses what a builder cannot take, in words', async () => {
    const f = upcoming();
    const one = await quote(f.id, [{ marketId: 'match_winner:full', outcomeId: 'home' }]);
    expect(one.code).toBe(409);
    expect(one.body.message).toBe(
      'No Criar Aposta, escolha de 2 a 6 seleções do mesmo jogo, uma por mercado',
    );
    const twice = await quote(f.id, [
      { marketId: 'match_winner:full', outcomeId: 'home' },
      { marketId: 'match_winner:full', outcomeId: 'draw' },
    ]);
    expect(twice.body.message).toBe(
      'No Criar Aposta, escolha de 2 a 6 seleções do mesmo jogo, uma por mercado',
    );
    const handicap = f.markets.find((m) => m.key.type === 'asian_handicap')!;
    const refunding = await quote(f.id, [
      { marketId: 'match_winner:full', outcomeId: 'home' },
      { marketId: handicap.id, outcomeId: 'home' },
    ]);
    expect(refunding.code).toBe(409);
    expect(refunding.body.message).toBe('Este mercado não entra no Criar Aposta');
    const impossible = await quote(f.id, [
      { marketId: 'match_winner:full', outcomeId: 'home' },
      { marketId: 'correct_score:full', outcomeId: '0-1' },
    ]);
    expect(impossible.code).toBe(409);
    expect(impossible.body.message).toBe('Essas seleções não podem acontecer juntas');
    const unknown = await quote(f.id, [
      { marketId: 'match_winner:full', outcomeId: 'home' },
      { marketId: 'totals:full:99.5', outcomeId: 'over' },
    ]);
    expect(unknown.body.message).toBe('Opção não disponível para apostas');
    // A sport without a joint model has no builder.
    const b = upcoming('basketball');
    const basketball = await quote(b.id, [
      { marketId: b.markets[0]!.id, outcomeId: b.markets[0]!.outcomes[0]!.id },
      { marketId: b.markets[1]!.id, outcomeId: b.markets[1]!.outcomes[0]!.id },
    ]);
    expect(basketball.code).toBe(409);
    expect(basketball.body.message).toBe('Este mercado não entra no Criar Aposta');
  });

  it('places at the quote, cashes out below the stake at once, and settles as one price', async () => {
    const f = upcoming('football', 1);
    // The simulation has the whole match already: selections that will win, and one that won't.
    const finalAt = feed().clock.toReal(feed().timelineOf(f.id)!.finalAt!) + 1_000;
    const full = feed().result(f.id, finalAt)!.result.scores.full!;
    const winner = full.home > full.away ? 'home' : full.home < full.away ? 'away' : 'draw';
    const both = full.home > 0 && full.away > 0 ? 'yes' : 'no';
    const total = halfLineTotal(f);
    const over = full.home + full.away > parseMarketId(total)!.lineQ! / 4 ? 'over' : 'under';
    const winning = [
      { fixtureId: f.id, marketId: 'match_winner:full', outcomeId: winner },
      { fixtureId: f.id, marketId: 'btts:full', outcomeId: both },
      { fixtureId: f.id, marketId: total, outcomeId: over },
    ];
    const losing = [winning[0]!, { ...winning[1]!, outcomeId: both === 'yes' ? 'no' : 'yes' }];
    const quoted = async (legs: typeof winning) => {
      const res = await quote(
        f.id,
        legs.map(({ marketId, outcomeId }) => ({ marketId, outcomeId })),
      );
      expect(res.code, res.body.message).toBe(200);
      return res.body.data.odds as number;
    };
    const odds = await quoted(winning);
    const p = await fundedPlayer(sports.app(), 100);

    // A higher price than the book's now is refused under "none"; a builder needs its one price.
    const legs = winning;
    const stale = await post(p.token, '/api/app/sports/bet', {
      kind: 'builder',
      stake: 10,
      odds: odds + 1,
      legs,
    });
    expect(stale.code).toBe(409);
    expect(stale.body.message).toBe('As odds mudaram. Confira a nova cotação');
    const noPrice = await post(p.token, '/api/app/sports/bet', { kind: 'builder', stake: 10, legs });
    expect(noPrice.code).toBe(400);
    const split = await post(p.token, '/api/app/sports/bet', {
      kind: 'builder',
      stake: 10,
      odds,
      legs: [legs[0], { ...legs[1], fixtureId: upcoming('football', 2).id }],
    });
    expect(split.code).toBe(409);
    expect((await playerBalances(sports.app().ctx.db, p.userId)).user_cash).toBe(10_000);

    const placed = await post(p.token, '/api/app/sports/bet', { kind: 'builder', stake: 10, odds, legs });
    expect(placed.code, placed.body.message).toBe(200);
    expect(placed.body.data).toMatchObject({ kind: 'builder', combinedOdds: odds, state: 'open' });
    const potential = Math.floor(1000 * odds);
    expect(placed.body.data.potentialReturn).toBe(potential / 100);
    const lostOdds = await quoted(losing);
    const lost = await post(p.token, '/api/app/sports/bet', {
      kind: 'builder',
      stake: 5,
      odds: lostOdds,
      legs: losing,
    });
    expect(lost.code, lost.body.message).toBe(200);
    expect((await playerBalances(sports.app().ctx.db, p.userId)).user_cash).toBe(8_500);

    const cards = async () =>
      new Map(
        (
          (await call(sports.app(), { method: 'GET', url: '/api/app/sports/bets', headers: auth(p.token) }))
            .body.data.list as Array<{
            betId: string;
            kind: string;
            combinedOdds: number;
            legs: unknown[];
            cashout: { available: boolean; value: number };
          }>
        ).map((b) => [b.betId, b]),
      );
    const card = (await cards()).get(placed.body.data.betId)!;
    expect(card).toMatchObject({ kind: 'builder', combinedOdds: odds });
    expect(card.legs).toHaveLength(3);
    // Worth less than its stake straight after placement (the builder's margin and the take).
    expect(card.cashout.available).toBe(true);
    expect(card.cashout.value).toBeGreaterThan(5);
    expect(card.cashout.value).toBeLessThan(10);

    clock.set(finalAt);
    await runSettlement(sports.app().ctx, sports.app().sports);
    const after = await cards();
    expect(after.get(placed.body.data.betId)).toMatchObject({
      state: 'settled',
      result: BetResult.won,
      payout: potential / 100,
    });
    expect(after.get(lost.body.data.betId)).toMatchObject({
      state: 'settled',
      result: BetResult.lost,
      payout: 0,
    });
    expect((await playerBalances(sports.app().ctx.db, p.userId)).user_cash).toBe(8_500 + potential);
  });
});
