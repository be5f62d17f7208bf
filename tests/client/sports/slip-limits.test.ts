import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinedOddsMilli, potentialReturnCents } from '../../../domain/sports/settlement';
import type { SportsLimits } from '../../../domain/sports/sports-answers.schema';
import { largestStakeWithin, limitBreach } from '../../../src/machines/sports/slip-limits';

/** The shipped configuration's limits (config/default.json `sports`). */
const LIMITS: SportsLimits = {
  minStake: 1,
  maxStake: 5000,
  maxLegs: 20,
  maxCombinedOdds: 1000,
  maxPayoutPerBet: 500_000,
  cashoutMinPartial: 1,
};

/** Odds on the ladder's range, in thousandths. */
const oddsMilli = fc.integer({ min: 1_010, max: 1_000_000 });

describe('the slip’s limits (what the server would refuse, said before placing)', () => {
  it('the largest stake within a payout cap is exact: its return fits and a centavo more does not', () => {
    fc.assert(
      fc.property(
        fc.array(oddsMilli, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (legs, capCents, maxCents) => {
          const fit = largestStakeWithin(legs, capCents, maxCents);
          expect(fit).toBeGreaterThanOrEqual(0);
          expect(fit).toBeLessThanOrEqual(maxCents);
          if (fit > 0) expect(potentialReturnCents(fit, legs)).toBeLessThanOrEqual(capCents);
          if (fit < maxCents) expect(potentialReturnCents(fit + 1, legs)).toBeGreaterThan(capCents);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with the server’s checks on random slips: no breach means the server’s limits hold', () => {
    fc.assert(
      fc.property(
        fc.array(oddsMilli, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1_000_000 }),
        (milli, multiple, stake) => {
          const bets = multiple ? [milli] : milli.map((m) => [m]);
          const breach = limitBreach({ bets, multiple, stakeCents: stake }, LIMITS);
          // betting.service.ts, in its order: legs, stake range, combined odds, payout per bet.
          const serverRefuses =
            (multiple && milli.length > LIMITS.maxLegs) ||
            stake < LIMITS.minStake * 100 ||
            stake > LIMITS.maxStake * 100 ||
            bets.some((b) => b.length > 1 && combinedOddsMilli(b) > LIMITS.maxCombinedOdds * 1000) ||
            bets.some((b) => potentialReturnCents(stake, b) > LIMITS.maxPayoutPerBet * 100);
          expect(breach !== null).toBe(serverRefuses);
          // A stake offered as fitting passes every check the slip can make.
          if (breach?.kind === 'payout' && breach.fitCents > 0) {
            expect(limitBreach({ bets, multiple, stakeCents: breach.fitCents }, LIMITS)).toBeNull();
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('says which limit, in the server’s order, and nothing before the limits are known', () => {
    const live1000 = [1_000_000];
    expect(limitBreach({ bets: [live1000], multiple: false, stakeCents: 100_000 }, null)).toBeNull();
    // R$ 1.000 at 1.000,00 would return R$ 1.000.000: R$ 500 is the most that fits.
    expect(limitBreach({ bets: [live1000], multiple: false, stakeCents: 100_000 }, LIMITS)).toEqual({
      kind: 'payout',
      capCents: 50_000_000,
      fitCents: 50_000,
    });
    // A múltipla with the live pick passes the combined odds' cap whatever the stake.
    expect(limitBreach({ bets: [[1_000_000, 1_500]], multiple: true, stakeCents: 500 }, LIMITS)).toEqual({
      kind: 'combinedOdds',
      maxMilli: 1_000_000,
    });
    expect(limitBreach({ bets: [[2_000]], multiple: false, stakeCents: 50 }, LIMITS)).toEqual({
      kind: 'stakeBelow',
      minCents: 100,
    });
    expect(limitBreach({ bets: [[2_000]], multiple: false, stakeCents: null }, LIMITS)).toBeNull();
    // No stake fits when even the least one returns more than the cap.
    expect(
      limitBreach({ bets: [[2_000]], multiple: false, stakeCents: 200 }, { ...LIMITS, maxPayoutPerBet: 1.5 }),
    ).toEqual({ kind: 'payout', capCents: 150, fitCents: 0 });
  });
});
