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

  it('finds a breach exactly when one of betting.service.ts’s checks fails (slip-limits-agree.test asks the server itself)', () => {
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
          // A stake the slip offers instead passes every check the slip makes, whatever the limit.
          if (breach && breach.fitCents !== null) {
            expect(limitBreach({ bets, multiple, stakeCents: breach.fitCents }, LIMITS)).toBeNull();
          }
          // And one is offered whenever some stake would pass.
          if (
            breach &&
            breach.kind !== 'legs' &&
            breach.kind !== 'combinedOdds' &&
            breach.fitCents === null
          ) {
            for (const tryCents of [100, 500_000]) {
              expect(limitBreach({ bets, multiple, stakeCents: tryCents }, LIMITS)).not.toBeNull();
            }
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('says which limit, in the server’s order, and offers only a stake that passes', () => {
    const live1000 = [1_000_000];
    expect(limitBreach({ bets: [live1000], multiple: false, stakeCents: 100_000 }, null)).toBeNull();
    // R$ 1.000 at 1.000,00 would return R$ 1.000.000: R$ 500 is the most that fits.
    expect(limitBreach({ bets: [live1000], multiple: false, stakeCents: 100_000 }, LIMITS)).toEqual({
      kind: 'payout',
      capCents: 50_000_000,
      fitCents: 50_000,
    });
    // Above the stake's maximum at those odds: the maximum stake would still break the payout
    // cap, so the stake offered is the payout's (review of decision 97).
    expect(limitBreach({ bets: [live1000], multiple: false, stakeCents: 600_000 }, LIMITS)).toEqual({
      kind: 'stakeAbove',
      maxCents: 500_000,
      fitCents: 50_000,
    });
    // A múltipla with the live pick passes the combined odds' cap whatever the stake: no stake
    // is offered, even when the stake is also out of range (the range is said first, as the
    // server does).
    expect(limitBreach({ bets: [[1_000_000, 1_500]], multiple: true, stakeCents: 500 }, LIMITS)).toEqual({
      kind: 'combinedOdds',
      maxMilli: 1_000_000,
      fitCents: null,
    });
    expect(limitBreach({ bets: [[1_000_000, 1_500]], multiple: true, stakeCents: 600_000 }, LIMITS)).toEqual({
      kind: 'stakeAbove',
      maxCents: 500_000,
      fitCents: null,
    });
    // 21 legs and R$ 0,50: the server answers the stake first, and so does the slip.
    const many = Array.from({ length: 21 }, () => 1_100);
    expect(limitBreach({ bets: [many], multiple: true, stakeCents: 50 }, LIMITS)).toEqual({
      kind: 'stakeBelow',
      minCents: 100,
      fitCents: null,
    });
    expect(limitBreach({ bets: [many], multiple: true, stakeCents: 500 }, LIMITS)).toEqual({
      kind: 'legs',
      max: 20,
      fitCents: null,
    });
    expect(limitBreach({ bets: [[2_000]], multiple: false, stakeCents: 50 }, LIMITS)).toEqual({
      kind: 'stakeBelow',
      minCents: 100,
      fitCents: 100,
    });
    expect(limitBreach({ bets: [[2_000]], multiple: false, stakeCents: null }, LIMITS)).toBeNull();
    // No stake fits when even the least one returns more than the cap.
    expect(
      limitBreach({ bets: [[2_000]], multiple: false, stakeCents: 200 }, { ...LIMITS, maxPayoutPerBet: 1.5 }),
    ).toEqual({ kind: 'payout', capCents: 150, fitCents: null });
  });
});
