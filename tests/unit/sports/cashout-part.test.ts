import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partRefusal } from '../../../domain/sports/cashout-part';

/** The one rule of a partial cash-out's amount, which the server applies and the card says first. */
describe('a partial cash-out’s amount', () => {
  it('is taken exactly between the floor (never above the value) and the value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (take, value, floor) => {
          const refusal = partRefusal(take, value, floor);
          const least = Math.min(value, floor);
          expect(refusal === null).toBe(take >= least && take <= value);
          if (take > value) expect(refusal).toEqual({ key: 'sportsCashoutTooMuch', amountCents: value });
          else if (take < least)
            expect(refusal).toEqual({ key: 'sportsCashoutTooLittle', amountCents: least });
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('lets a bet worth less than the floor be sold whole, and no more', () => {
    expect(partRefusal(50, 50, 100)).toBeNull();
    expect(partRefusal(49, 50, 100)).toEqual({ key: 'sportsCashoutTooLittle', amountCents: 50 });
    expect(partRefusal(51, 50, 100)).toEqual({ key: 'sportsCashoutTooMuch', amountCents: 50 });
  });
});
