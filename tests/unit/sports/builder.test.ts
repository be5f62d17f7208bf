import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { footballBuilderChance } from '../../../domain/sports/football-builder';
import { priceFootball, type FootballPricingInput } from '../../../domain/sports/football';
import { builderOddsMilli, builderSettlement, payingLegs } from '../../../domain/sports/builder';
import { builderCashoutCents } from '../../../domain/sports/cashout';
import { outcomeIds, parseMarketId, type LegSpec } from '../../../domain/sports/markets';
import { settled } from '../../../domain/sports/settlement';
import { removeMargin } from '../../../domain/sports/margin';

/**
 * Criar Aposta's joint chances (domain/sports/builder.ts, football-builder.ts): one selection is
 * its market's own fair chance; the selections of one market add up to certainty; two selections
 * split a third by the law of total probability; correlation is kept, not multiplied away; and
 * the price never pays above the fair chance, so a cash-out straight after placement is below the
 * stake. Checked over many random matches and selections (fast-check).
 */

const margins = () => ({ margin: 0, method: 'proportional' as const });
const inputOf = (
  lambda: number,
  mu: number,
  extra: Partial<FootballPricingInput> = {},
): FootballPricingInput => ({
  lambda,
  mu,
  rho: -0.1,
  cornersHome: 5.4,
  cornersAway: 4.3,
  phase: 'pre',
  minute: 0,
  score: { home: 0, away: 0 },
  halfTime: null,
  corners: { home: 0, away: 0 },
  cardsHome: 2.06,
  cardsAway: 2.06,
  cards: { home: 0, away: 0 },
  margins,
  ...extra,
});
const leg = (id: string, outcome: string): LegSpec => ({
  ...parseMarketId(id)!,
  outcome,
  scoreAtPlacement: null,
});
const chanceOf = (input: FootballPricingInput, legs: LegSpec[]) => {
  const c = footballBuilderChance(input, legs);
  return c.ok ? c.chance : c.reason;
};

/** Markets a builder takes, with their selections (lines on halves, so nothing pushes). */
const MARKETS: Array<[string, readonly string[]]> = [
  ['match_winner:full', outcomeIds('match_winner')],
  ['match_winner:first_half', outcomeIds('match_winner')],
  ['double_chance:full', outcomeIds('double_chance')],
  ['btts:full', outcomeIds('btts')],
  ['totals:full:2.5', ['over', 'under']],
  ['totals:full:1.5', ['over', 'under']],
  ['totals:first_half:0.5', ['over', 'under']],
  ['home_totals:full:1.5', ['over', 'under']],
  ['away_totals:full:0.5', ['over', 'under']],
  ['odd_even:full', ['odd', 'even']],
  ['european_handicap:full:-1', ['home', 'draw', 'away']],
  ['corners_totals:full:9.5', ['over', 'under']],
  ['cards_totals:full:4.5', ['over', 'under']],
];

const reads = (...ids: string[]) => ids.some((id) => id.includes('first_half') || id.startsWith('ht_ft'));

const matchArb = fc.record({
  lambda: fc.double({ min: 0.4, max: 3, noNaN: true }),
  mu: fc.double({ min: 0.3, max: 2.5, noNaN: true }),
});

describe('Criar Aposta joint chances', () => {
  it('one selection is its market’s fair chance as the book prices it', () => {
    const input = inputOf(1.6, 1.1);
    const quotes = priceFootball(input);
    for (const [id, outcomes] of MARKETS.filter(([id]) => !id.startsWith('ht_ft'))) {
      const quote = quotes.find(
        (q) => `${q.key.type}:${q.key.period}${q.key.lineQ === null ? '' : `:${q.key.lineQ / 4}`}` === id,
      );
      if (!quote) continue;
      // With no margin the book's prices are the fair chances, rounded down to the ladder.
      const fair = removeMargin(
        quote.outcomes.map((o) => o.oddsMilli! / 1000),
        'proportional',
      );
      for (const [i, o] of quote.outcomes.entries()) {
        const c = chanceOf(input, [leg(id, o.id), leg('corners_totals:full:30.5', 'under')]);
        expect(typeof c).toBe('number');
        // Corners under 30.5 is all but certain: the pair is the selection alone.
        expect(c as number, `${id} ${o.id}`).toBeCloseTo(fair[i]! * (id.startsWith('double') ? 2 : 1), 1);
      }
      expect(outcomes.length).toBeGreaterThan(1);
    }
  });

  it('adds up: each market’s selections to 1, and two selections by total probability', () => {
    fc.assert(
      fc.property(
        matchArb,
        fc.integer({ min: 0, max: MARKETS.length - 1 }),
        fc.integer({ min: 0, max: MARKETS.length - 1 }),
        fc.nat(),
        ({ lambda, mu }, a, b, pick) => {
          fc.pre(a !== b && !MARKETS[a]![0].startsWith('double') && !MARKETS[b]![0].startsWith('double'));
          // Goals of the first half and of the whole match are not combined (decision 87).
          const goals = (id: string) => !id.startsWith('corners') && !id.startsWith('cards');
          fc.pre(
            !(
              goals(MARKETS[a]![0]) &&
              goals(MARKETS[b]![0]) &&
              reads(MARKETS[a]![0]) !== reads(MARKETS[b]![0])
            ),
          );
          const input = inputOf(lambda, mu);
          const [idA, outsA] = MARKETS[a]!;
          const [idB, outsB] = MARKETS[b]!;
          const fixed = leg(idB, outsB[pick % outsB.length]!);
          // Σ over A's selections of P(A = x, B) = P(B), where contradictory pairs count 0.
          let sum = 0;
          for (const x of outsA) {
            const c = chanceOf(input, [leg(idA, x), fixed]);
            sum += typeof c === 'number' ? c : 0;
          }
          // A certain first-half selection makes B alone read the same grids as the pairs (each
          // half's when a selection reads the first half, builder.ts).
          const certain = [leg('corners_totals:full:40.5', 'under'), leg('totals:first_half:20.5', 'under')];
          const alone = footballBuilderChance(input, [fixed, ...certain.slice(0, reads(idA, idB) ? 2 : 1)]);
          expect(alone.ok).toBe(true);
          expect(sum).toBeCloseTo((alone as { chance: number }).chance, 5);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps correlation: the favourite’s win with goals is likelier than independence says', () => {
    fc.assert(
      fc.property(matchArb, ({ lambda, mu }) => {
        // For the favourite: goals come mostly from it (an underdog's win is likelier in a low score).
        fc.pre(lambda > mu + 0.2);
        const input = inputOf(lambda, mu);
        const win = chanceOf(input, [
          leg('match_winner:full', 'home'),
          leg('corners_totals:full:40.5', 'under'),
        ]);
        const over = chanceOf(input, [
          leg('totals:full:2.5', 'over'),
          leg('corners_totals:full:40.5', 'under'),
        ]);
        const both = chanceOf(input, [leg('match_winner:full', 'home'), leg('totals:full:2.5', 'over')]);
        expect(both as number).toBeGreaterThanOrEqual((win as number) * (over as number));
      }),
      { numRuns: 100 },
    );
    const input = inputOf(1.6, 1.1);
    const both = chanceOf(input, [
      leg('match_winner:full', 'home'),
      leg('totals:full:2.5', 'over'),
    ]) as number;
    expect(both).toBeGreaterThan(1.15 * 0.452 * 0.482);
  });

  it('names the listed selection that wins on the same results (the book’s price caps it)', () => {
    const input = inputOf(1.5, 1.2);
    const nil = footballBuilderChance(input, [
      leg('btts:full', 'no'),
      leg('match_winner:full', 'draw'),
      leg('totals:full:1.5', 'under'),
    ]);
    expect(nil).toMatchObject({ ok: true, sameAs: [{ marketId: 'correct_score:full', outcomeId: '0-0' }] });
    // Two scores still possible: no single selection is the same.
    const two = footballBuilderChance(input, [
      leg('match_winner:full', 'draw'),
      leg('totals:full:2.5', 'under'),
    ]);
    expect(two).toMatchObject({ ok: true, sameAs: [] });
    // A leg that implies the other is the same selection (found in the same walk, once).
    const implied = footballBuilderChance(input, [
      leg('correct_score:full', '4-4'),
      leg('match_winner:full', 'draw'),
    ]);
    expect(implied).toMatchObject({
      ok: true,
      sameAs: [{ marketId: 'correct_score:full', outcomeId: '4-4' }],
    });
    // With corners alongside, the goals alone are no single listed selection.
    const withCorners = footballBuilderChance(input, [
      leg('btts:full', 'no'),
      leg('match_winner:full', 'draw'),
      leg('totals:full:1.5', 'under'),
      leg('corners_totals:full:10.5', 'over'),
    ]);
    expect(withCorners).toMatchObject({ ok: true, sameAs: [] });
  });

  it('refuses contradictions and markets that can refund', () => {
    const input = inputOf(1.5, 1.2);
    expect(chanceOf(input, [leg('match_winner:full', 'home'), leg('correct_score:full', '0-1')])).toBe(
      'contradictory',
    );
    expect(chanceOf(input, [leg('btts:full', 'no'), leg('correct_score:full', '1-1')])).toBe('contradictory');
    expect(chanceOf(input, [leg('match_winner:full', 'home'), leg('totals:full:2', 'over')])).toBe('market');
    expect(chanceOf(input, [leg('match_winner:full', 'home'), leg('draw_no_bet:full', 'home')])).toBe(
      'market',
    );
    expect(chanceOf(input, [leg('match_winner:full', 'home'), leg('asian_handicap:full:-0.5', 'home')])).toBe(
      'market',
    );
  });

  it('in play, counts what has happened: a 2-0 lead makes the home win and over 1.5 near certain', () => {
    const live = inputOf(1.5, 1.2, {
      phase: 'second_half',
      minute: 80,
      score: { home: 2, away: 0 },
      halfTime: { home: 1, away: 0 },
    });
    const c = chanceOf(live, [leg('match_winner:full', 'home'), leg('totals:full:1.5', 'over')]) as number;
    expect(c).toBeGreaterThan(0.9);
    expect(chanceOf(live, [leg('match_winner:full', 'away'), leg('totals:full:1.5', 'under')])).toBe(
      'contradictory',
    );
    // First-half goals with the whole match's: the halves are not independent in play.
    expect(chanceOf(live, [leg('match_winner:first_half', 'home'), leg('match_winner:full', 'draw')])).toBe(
      'periods',
    );
  });

  it('never prices above the fair chance; a cash-out right after placing is under the stake', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-5, max: 0.99, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.integer({ min: 100, max: 500_000 }),
        fc.integer({ min: 0, max: 200 }),
        (chance, margin, stake, take) => {
          const odds = builderOddsMilli(chance, margin);
          if (odds === null) return;
          expect((odds / 1000) * chance).toBeLessThanOrEqual(1 / (1 + margin) + 1e-12);
          // Longshots carry more: 3 points a factor of ten.
          expect((odds / 1000) * chance).toBeLessThanOrEqual(
            1 / (1 + margin + 0.03 * Math.log10(1 / chance)) + 1e-12,
          );
          const value = builderCashoutCents(stake, odds, chance, take);
          expect(value).toBeLessThanOrEqual(Math.floor(stake * (odds / 1000) * chance));
          if (margin > 0 || take > 0) expect(value).toBeLessThan(stake);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('settles as one price: lost on any loss, won on all wins, void otherwise', () => {
    const won = settled('won');
    expect(builderSettlement([won, won])).toEqual(won);
    expect(builderSettlement([won, null])).toBeNull();
    expect(builderSettlement([null, settled('lost')])!.kind).toBe('lost');
    expect(builderSettlement([won, settled('void')])!.kind).toBe('void');
    // A parlay pays its legs' product, a builder its own price once.
    const legs = [
      { oddsMilli: 2000, settlement: won },
      { oddsMilli: 1500, settlement: won },
    ];
    expect(payingLegs('parlay', 3000, legs)).toEqual(legs);
    expect(payingLegs('builder', 2600, legs)).toEqual([{ oddsMilli: 2600, settlement: won }]);
  });
});
