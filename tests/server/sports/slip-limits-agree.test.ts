import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auth, call, fundedPlayer } from '../helpers';
import { useSportsApp, type BetLeg } from './sports-helpers';
import { MatchTime } from '../../../domain/codes';
import { limitBreach } from '../../../src/machines/sports/slip-limits';
import type { SportsLimits } from '../../../domain/sports/sports-answers.schema';

/**
 * The slip stops a bet over the operator's limits before it leaves the device (decision 97). This
 * holds only while the slip's arithmetic is the server's: random slips under random limits go to
 * the real server, and the server takes exactly those the slip lets through, refusing the others
 * with the limit the slip names first.
 */

/** Saturday 7 March 2026, 10:00 in São Paulo: a football day of the seeded world. */
const START = Date.UTC(2026, 2, 7, 13, 0);
const sports = useSportsApp(START);

let counter = 0;

describe('the slip’s limits and the server’s', () => {
  it('agree on random slips: accepted exactly when the slip sees no limit, refused with its words', async () => {
    const app = sports.app();
    const fixtures = sports
      .feed()
      .listFixtures({ sport: 'football' }, sports.clock.now())
      .filter(
        (f) => f.state.periodCode === MatchTime.notStarted && f.startsAt > sports.clock.now() + 3_600_000,
      )
      .slice(0, 6);
    expect(fixtures.length).toBe(6);
    // Each fixture's Resultado Final, priced now (the clock does not move in this test).
    const choices: BetLeg[][] = [];
    for (const f of fixtures) {
      const detail = (await call(app, { method: 'GET', url: `/api/app/sports/fixtures/${f.id}` })).body.data;
      const market = detail.markets.find((m: { id: string }) => m.id === 'match_winner:full');
      choices.push(
        market.outcomes.map((o: { id: string; odds: number }) => ({
          fixtureId: f.id,
          marketId: market.id,
          outcomeId: o.id,
          odds: o.odds,
        })),
      );
    }
    const player = await fundedPlayer(app, 1_000_000);
    const config = app.ctx.config.file.sports;
    const saved = { ...config };
    const seen = new Set<string>();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 0, max: fixtures.length - 1 }), { minLength: 1, maxLength: 4 }),
          fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
          fc.integer({ min: 1, max: 700_000 }),
          fc.record({
            minStake: fc.constantFrom(1, 2.5),
            maxStake: fc.constantFrom(20, 5000),
            maxLegs: fc.constantFrom(2, 20),
            maxCombinedOdds: fc.constantFrom(8, 1000),
            maxPayoutPerBet: fc.constantFrom(40, 500_000),
            cashoutMinPartial: fc.constant(1),
          }),
          async (picked, outcomes, stakeCents, limits: SportsLimits) => {
            Object.assign(config, limits, { maxPayoutPerDay: 1e12 });
            const legs = picked.map((fixture, i) => choices[fixture]![outcomes[i]!]!);
            const res = await call(app, {
              method: 'POST',
              url: '/api/app/sports/bet',
              headers: { ...auth(player.token), 'idempotency-key': `agree-${counter++}` },
              payload: { stake: stakeCents / 100, legs, oddsChange: 'none' },
            });
            const breach = limitBreach(
              {
                bets: [legs.map((l) => Math.round(l.odds * 1000))],
                multiple: legs.length > 1,
                stakeCents,
              },
              limits,
            );
            seen.add(breach?.kind ?? 'accepted');
            if (breach === null) {
              expect(res.body.status, res.body.message).toBe(200);
              return;
            }
            expect(res.body.status).not.toBe(200);
            const words =
              breach.kind === 'stakeBelow'
                ? `Aposta mínima: R$ ${limits.minStake.toFixed(2).replace('.', ',')}`
                : breach.kind === 'stakeAbove'
                  ? `Aposta máxima: R$ ${limits.maxStake.toFixed(2).replace('.', ',')}`
                  : 'A aposta múltipla atingiu o limite';
            expect(res.body.message).toBe(words);
          },
        ),
        { numRuns: 60, seed: 97 },
      );
    } finally {
      Object.assign(config, saved);
    }
    // The cases met every answer: a bet taken, and each limit.
    expect([...seen].sort()).toEqual([
      'accepted',
      'combinedOdds',
      'legs',
      'payout',
      'stakeAbove',
      'stakeBelow',
    ]);
  });
});
