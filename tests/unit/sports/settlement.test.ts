import { describe, expect, it } from 'vitest';
import {
  legMultiplier,
  legResultCode,
  potentialReturnCents,
  returnCents,
  settled,
  ticketResultCode,
  type LegKind,
  type LegSettlement,
} from '../../../domain/sports/settlement';
import {
  expireHeld,
  parseMarketId,
  settleLeg,
  type FixtureResult,
  type LegSpec,
  type MarketType,
  type Period,
} from '../../../domain/sports/markets';
import { BetResult, MatchTime } from '../../../domain/codes';
import { RESULT_LABELS } from '../../../domain/sports/labels';

/** Every football row of research/sports.md §1.11 (odds 1.90 unless stated). */
const ODDS = 1900;

const multiplier = (s: LegSettlement, odds = ODDS) => {
  const m = legMultiplier(odds, s);
  return Number(m.num) / Number(m.den);
};

const finished = (
  home: number,
  away: number,
  extra: Partial<FixtureResult['scores']> = {},
): FixtureResult => ({
  status: MatchTime.finished,
  scores: { full: { home, away, complete: true }, ...extra },
});

const score = (text: string) => text.split('-').map(Number) as [number, number];

function leg(
  type: MarketType,
  outcome: string,
  line: number | null,
  period: Period = 'full',
  scoreAtPlacement: LegSpec['scoreAtPlacement'] = null,
): LegSpec {
  return { type, period, lineQ: line === null ? null : line * 4, outcome, scoreAtPlacement };
}

function settleAt(spec: LegSpec, text: string) {
  const [h, a] = score(text);
  const s = settleLeg(spec, finished(h, a))!;
  return { kind: s.kind, x: multiplier(s) };
}

describe('Asian handicap (research §1.11), from the selected side', () => {
  const rows: Array<[number, string, LegKind, number]> = [
    [0, '1-0', 'won', 1.9],
    [0, '0-0', 'push', 1],
    [0, '0-1', 'lost', 0],
    [-0.25, '1-0', 'won', 1.9],
    [-0.25, '0-0', 'halfLost', 0.5],
    [-0.25, '0-1', 'lost', 0],
    [0.25, '0-0', 'halfWon', 1.45],
    [0.25, '0-1', 'lost', 0],
    [-0.5, '1-0', 'won', 1.9],
    [-0.5, '0-0', 'lost', 0],
    [0.5, '0-0', 'won', 1.9],
    [-0.75, '2-0', 'won', 1.9],
    [-0.75, '1-0', 'halfWon', 1.45],
    [-0.75, '0-0', 'lost', 0],
    [0.75, '0-0', 'won', 1.9],
    [0.75, '0-1', 'halfLost', 0.5],
    [0.75, '0-2', 'lost', 0],
    [-1, '2-0', 'won', 1.9],
    [-1, '1-0', 'push', 1],
    [-1, '1-1', 'lost', 0],
    [1, '0-1', 'push', 1],
    [1, '0-2', 'lost', 0],
    [-1.25, '2-0', 'won', 1.9],
    [-1.25, '1-0', 'halfLost', 0.5],
    [-1.25, '0-0', 'lost', 0],
    [1.25, '1-1', 'won', 1.9],
    [1.25, '0-1', 'halfWon', 1.45],
    [1.25, '0-2', 'lost', 0],
    [-1.5, '2-0', 'won', 1.9],
    [-1.5, '1-0', 'lost', 0],
    [-1.75, '3-0', 'won', 1.9],
    [-1.75, '2-0', 'halfWon', 1.45],
    [-1.75, '1-0', 'lost', 0],
    [1.75, '0-2', 'halfLost', 0.5],
    [1.75, '0-3', 'lost', 0],
    [-2, '2-0', 'push', 1],
    [-2.25, '3-0', 'won', 1.9],
    [-2.25, '2-0', 'halfLost', 0.5],
    [2.5, '0-2', 'won', 1.9],
    [2.5, '0-3', 'lost', 0],
  ];
  it.each(rows)('line %s at %s: %s (× %s)', (line, at, kind, x) => {
    // Home selection with home's line …
    expect(settleAt(leg('asian_handicap', 'home', line), at)).toEqual({ kind, x: expect.closeTo(x, 10) });
    // … and the same bet from the away side: the market's line is the opposite of the away line.
    const [h, a] = score(at);
    expect(settleAt(leg('asian_handicap', 'away', -line), `${a}-${h}`)).toEqual({
      kind,
      x: expect.closeTo(x, 10),
    });
  });

  it('counts only goals after an in-play bet: −0.5 placed at 1-0', () => {
    const live = leg('asian_handicap', 'home', -0.5, 'full', { home: 1, away: 0 });
    expect(settleAt(live, '2-0')).toEqual({ kind: 'won', x: 1.9 });
    expect(settleAt(live, '2-1')).toEqual({ kind: 'lost', x: 0 });
  });

  it('is draw no bet at line 0: home at 1-1 is refunded', () => {
    expect(settleAt(leg('asian_handicap', 'home', 0), '1-1')).toEqual({ kind: 'push', x: 1 });
  });
});

describe('totals (research §1.11)', () => {
  const rows: Array<[number, number, LegKind, LegKind, number, number]> = [
    [2.5, 3, 'won', 'lost', 1.9, 0],
    [2.5, 2, 'lost', 'won', 0, 1.9],
    [2, 2, 'push', 'push', 1, 1],
    [2.25, 2, 'halfLost', 'halfWon', 0.5, 1.45],
    [2.25, 3, 'won', 'lost', 1.9, 0],
    [2.25, 1, 'lost', 'won', 0, 1.9],
    [2.75, 3, 'halfWon', 'halfLost', 1.45, 0.5],
    [2.75, 4, 'won', 'lost', 1.9, 0],
    [2.75, 2, 'lost', 'won', 0, 1.9],
    [3, 3, 'push', 'push', 1, 1],
    [3.25, 3, 'halfLost', 'halfWon', 0.5, 1.45],
  ];
  it.each(rows)('line %s with %s goals: over %s, under %s', (line, total, over, under, xo, xu) => {
    const at = `${total}-0`;
    expect(settleAt(leg('totals', 'over', line), at)).toEqual({ kind: over, x: expect.closeTo(xo, 10) });
    expect(settleAt(leg('totals', 'under', line), at)).toEqual({ kind: under, x: expect.closeTo(xu, 10) });
  });

  it('counts every goal in play, before the bet too', () => {
    const live = leg('totals', 'over', 2.5, 'full', { home: 2, away: 0 });
    expect(settleAt(live, '2-1').kind).toBe('won');
  });

  it('settles corners on corners taken: 9.5 at 10, and the 9.25 / 9.75 quarter lines', () => {
    const corners = (home: number, away: number) =>
      finished(1, 0, { corners: { home, away, complete: true } });
    const over = (line: number) => leg('corners_totals', 'over', line);
    const under = (line: number) => leg('corners_totals', 'under', line);
    // The corner awarded at half-time but never taken is simply not in the count of 10.
    expect(settleLeg(over(9.5), corners(6, 4))!.kind).toBe('won');
    expect(settleLeg(under(9.5), corners(6, 4))!.kind).toBe('lost');
    expect(settleLeg(over(9.25), corners(5, 4))!.kind).toBe('halfLost');
    expect(settleLeg(under(9.25), corners(5, 4))!.kind).toBe('halfWon');
    expect(settleLeg(over(9.75), corners(6, 4))!.kind).toBe('halfWon');
    expect(settleLeg(under(9.75), corners(6, 4))!.kind).toBe('halfLost');
  });
});

describe('European handicap (research §1.11): three-way, no refunds', () => {
  const table: Array<[string, number, Record<string, LegKind>]> = [
    ['2-0', -1, { home: 'won', draw: 'lost', away: 'lost' }],
    ['2-1', -1, { home: 'lost', draw: 'won', away: 'lost' }],
    ['1-1', -1, { home: 'lost', draw: 'lost', away: 'won' }],
    ['3-0', -1, { home: 'won', draw: 'lost', away: 'lost' }],
    ['3-0', -2, { home: 'won', draw: 'lost', away: 'lost' }],
    ['2-0', -2, { home: 'lost', draw: 'won', away: 'lost' }],
    ['1-0', -2, { home: 'lost', draw: 'lost', away: 'won' }],
  ];
  it.each(table)('at %s with home %s', (at, line, expected) => {
    for (const [outcome, kind] of Object.entries(expected)) {
      expect(settleAt(leg('european_handicap', outcome, line), at).kind).toBe(kind);
    }
  });

  it('offers whole lines only', () => {
    expect(parseMarketId('european_handicap:full:-1')).toEqual({
      type: 'european_handicap',
      period: 'full',
      lineQ: -4,
    });
    expect(parseMarketId('european_handicap:full:-0.5')).toBeNull();
    expect(parseMarketId('asian_handicap:full:-0.25')).toMatchObject({ lineQ: -1 });
    expect(parseMarketId('totals:full:2.3')).toBeNull();
    expect(parseMarketId('match_winner:full:1')).toBeNull();
  });
});

describe('other football markets (research §1.11)', () => {
  it('a draw selection of 1X2 wins on a draw (code 10, not the push code 0)', () => {
    const s = settleLeg(leg('match_winner', 'draw', null), finished(0, 0))!;
    expect(s.kind).toBe('won');
    expect(legResultCode(s)).toBe(BetResult.won);
  });

  it('odd/even: 0-0 is even, 2-1 is odd', () => {
    expect(settleAt(leg('odd_even', 'even', null), '0-0')).toEqual({ kind: 'won', x: 1.9 });
    expect(settleAt(leg('odd_even', 'odd', null), '0-0')).toEqual({ kind: 'lost', x: 0 });
    expect(settleAt(leg('odd_even', 'odd', null), '2-1').kind).toBe('won');
  });

  it('Ambas Marcam, Dupla Chance and Empate Anula (issue 16)', () => {
    expect(settleAt(leg('btts', 'yes', null), '1-1')).toEqual({ kind: 'won', x: 1.9 });
    expect(settleAt(leg('btts', 'yes', null), '3-0').kind).toBe('lost');
    expect(settleAt(leg('btts', 'no', null), '0-0').kind).toBe('won');
    expect(settleAt(leg('double_chance', 'home_draw', null), '1-1').kind).toBe('won');
    expect(settleAt(leg('double_chance', 'home_draw', null), '2-0').kind).toBe('won');
    expect(settleAt(leg('double_chance', 'home_draw', null), '0-1').kind).toBe('lost');
    expect(settleAt(leg('double_chance', 'home_away', null), '2-2').kind).toBe('lost');
    expect(settleAt(leg('double_chance', 'draw_away', null), '0-3').kind).toBe('won');
    // A draw gives the stake back: refunded, code 0 words, not a loss.
    const refunded = settleLeg(leg('draw_no_bet', 'home', null), finished(1, 1))!;
    expect(refunded.kind).toBe('void');
    expect(multiplier(refunded)).toBe(1);
    expect(settleAt(leg('draw_no_bet', 'away', null), '0-2')).toEqual({ kind: 'won', x: 1.9 });
    expect(settleAt(leg('draw_no_bet', 'away', null), '2-0').kind).toBe('lost');
  });

  it('Placar Exato up to four a side, anything else as "other"; Intervalo/Final from both periods', () => {
    expect(settleAt(leg('correct_score', '2-1', null), '2-1').kind).toBe('won');
    expect(settleAt(leg('correct_score', '1-2', null), '2-1').kind).toBe('lost');
    expect(settleAt(leg('correct_score', 'other', null), '5-0').kind).toBe('won');
    expect(settleAt(leg('correct_score', 'other', null), '4-4').kind).toBe('lost');
    expect(settleAt(leg('correct_score', '4-4', null), '4-4').kind).toBe('won');
    const ht = (h: number, a: number, fh: number, fa: number) =>
      finished(fh, fa, { first_half: { home: h, away: a, complete: true } });
    expect(settleLeg(leg('ht_ft', 'draw-home', null), ht(0, 0, 2, 1))!.kind).toBe('won');
    expect(settleLeg(leg('ht_ft', 'home-home', null), ht(0, 0, 2, 1))!.kind).toBe('lost');
    expect(settleLeg(leg('ht_ft', 'away-home', null), ht(0, 1, 2, 1))!.kind).toBe('won');
    // Without the first half's score there is nothing to judge the interval on yet: the leg waits
    // for review, as a first-half market does (void refunded the losers too; review finding).
    expect(settleLeg(leg('ht_ft', 'draw-home', null), finished(2, 1))).toBeNull();
    expect(settleLeg(leg('match_winner', 'home', null, 'first_half'), finished(2, 1))).toBeNull();
  });

  it('a team’s goals over and under, x.5 lines', () => {
    expect(settleAt(leg('home_totals', 'over', 1.5), '2-0').kind).toBe('won');
    expect(settleAt(leg('home_totals', 'under', 1.5), '2-0').kind).toBe('lost');
    expect(settleAt(leg('away_totals', 'over', 0.5), '2-0').kind).toBe('lost');
    expect(settleAt(leg('away_totals', 'under', 0.5), '2-0').kind).toBe('won');
  });

  it('first half stands after an abandonment at 60′, full-time bets are void', () => {
    const abandoned: FixtureResult = {
      status: MatchTime.cutInHalf,
      scores: {
        first_half: { home: 1, away: 0, complete: true },
        full: { home: 1, away: 1, complete: false },
      },
    };
    expect(settleLeg(leg('match_winner', 'home', null, 'first_half'), abandoned)!.kind).toBe('won');
    for (const spec of [
      leg('match_winner', 'home', null),
      leg('asian_handicap', 'home', -0.5),
      leg('odd_even', 'even', null),
      leg('totals', 'under', 2.5),
    ]) {
      const s = settleLeg(spec, abandoned)!;
      expect(s.kind).toBe('void');
      expect(multiplier(s)).toBe(1);
      expect(legResultCode(s)).toBe(BetResult.refund);
    }
    // Determined markets stand: over 1.5 with two goals in, under 1.5 lost.
    expect(settleLeg(leg('totals', 'over', 1.5), abandoned)!.kind).toBe('won');
    expect(settleLeg(leg('totals', 'under', 1.5), abandoned)!.kind).toBe('lost');
    // Over 1.75: the 1.5 half is won, the 2 half undetermined and refunded.
    expect(settleLeg(leg('totals', 'over', 1.75), abandoned)!.kind).toBe('halfWon');
    // Both have scored: Ambas Marcam is decided; a team's goals stand once past the line.
    expect(settleLeg(leg('btts', 'yes', null), abandoned)!.kind).toBe('won');
    expect(settleLeg(leg('btts', 'no', null), abandoned)!.kind).toBe('lost');
    expect(settleLeg(leg('home_totals', 'over', 0.5), abandoned)!.kind).toBe('won');
    expect(settleLeg(leg('home_totals', 'over', 1.5), abandoned)!.kind).toBe('void');
    for (const spec of [leg('correct_score', '1-1', null), leg('double_chance', 'home_draw', null)]) {
      expect(settleLeg(spec, abandoned)!.kind).toBe('void');
    }
    // The interval was played (1-0): a half-time draw is decided lost, a home half-time waits and is void.
    expect(settleLeg(leg('ht_ft', 'draw-draw', null), abandoned)!.kind).toBe('lost');
    expect(settleLeg(leg('ht_ft', 'home-home', null), abandoned)!.kind).toBe('void');
    // A score already passed is decided lost; above four a side, "other" is decided won.
    expect(settleLeg(leg('correct_score', '0-1', null), abandoned)!.kind).toBe('lost');
    const rout: FixtureResult = {
      status: MatchTime.cutInHalf,
      scores: { full: { home: 5, away: 0, complete: false } },
    };
    expect(settleLeg(leg('correct_score', 'other', null), rout)!.kind).toBe('won');
    expect(settleLeg(leg('correct_score', '4-0', null), rout)!.kind).toBe('lost');
  });

  it('holds a leg while its period is not over and the match may go on', () => {
    const interrupted: FixtureResult = {
      status: MatchTime.interrupted,
      scores: { full: { home: 1, away: 0, complete: false } },
    };
    expect(settleLeg(leg('match_winner', 'home', null), interrupted)).toBeNull();
    expect(
      settleLeg(leg('match_winner', 'home', null), { status: MatchTime.postponed, scores: {} }),
    ).toBeNull();
    // −11 to be decided: held, even with the score complete, until a final code comes.
    const toBeDecided: FixtureResult = {
      status: MatchTime.toBeDecided,
      scores: { full: { home: 2, away: 0, complete: false } },
    };
    expect(settleLeg(leg('match_winner', 'home', null), toBeDecided)).toBeNull();
    expect(settleLeg(leg('totals', 'over', 1.5), toBeDecided)).toBeNull();
    // A first-half bet settles at half-time while the match goes on.
    const halfTime: FixtureResult = {
      status: MatchTime.halfTime,
      scores: { first_half: { home: 0, away: 0, complete: true } },
    };
    expect(settleLeg(leg('totals', 'under', 0.5, 'first_half'), halfTime)!.kind).toBe('won');
  });

  it('ends a held result once its window has passed: postponed → cancelled, interrupted → cut in half', () => {
    const window = 48 * 3_600_000;
    const interrupted: FixtureResult = {
      status: MatchTime.interrupted,
      scores: { full: { home: 2, away: 0, complete: false } },
    };
    expect(expireHeld(interrupted, 0, window - 1, window)).toBe(interrupted);
    const stopped = expireHeld(interrupted, 0, window, window);
    expect(stopped).toEqual({ ...interrupted, status: MatchTime.cutInHalf });
    expect(settleLeg(leg('totals', 'over', 1.5), stopped)!.kind).toBe('won');
    expect(settleLeg(leg('match_winner', 'home', null), stopped)!.kind).toBe('void');
    const postponed: FixtureResult = { status: MatchTime.postponed, scores: {} };
    expect(expireHeld(postponed, 0, window, window)).toEqual({ status: MatchTime.cancelled, scores: {} });
    // −11 (to be decided) waits for a person, whatever the time.
    const decide: FixtureResult = { status: MatchTime.toBeDecided, scores: {} };
    expect(expireHeld(decide, 0, 10 * window, window)).toBe(decide);
  });

  it('voids every market of a cancelled fixture that never started', () => {
    const cancelled: FixtureResult = { status: MatchTime.cancelled, scores: {} };
    expect(settleLeg(leg('match_winner', 'away', null), cancelled)!.kind).toBe('void');
    expect(settleLeg(leg('corners_totals', 'over', 9.5), cancelled)!.kind).toBe('void');
  });
});

describe('multipliers and dead heat (research §1.1, §1.11)', () => {
  it('reproduces the rails-pro vectors at odds 1.345', () => {
    expect(multiplier(settled('lost'), 1345)).toBe(0);
    expect(multiplier(settled('won'), 1345)).toBeCloseTo(1.345, 12);
    expect(multiplier(settled('void'), 1345)).toBe(1);
    expect(multiplier(settled('halfWon'), 1345)).toBeCloseTo(0.6725 + 0.5, 12);
    expect(multiplier(settled('halfLost'), 1345)).toBe(0.5);
  });

  it('reduces the odds by the dead-heat factor', () => {
    // Cricket tie with no tie price at 1.90: dead heat ½ → 0.95.
    expect(multiplier(settled('won', { num: 1, den: 2 }), 1900)).toBeCloseTo(0.95, 12);
    // Two-way dead heat at 5.0 → 2.50; six tied for three places at 3.0 → 1.50.
    expect(multiplier(settled('won', { num: 1, den: 2 }), 5000)).toBeCloseTo(2.5, 12);
    expect(multiplier(settled('won', { num: 3, den: 6 }), 3000)).toBeCloseTo(1.5, 12);
  });
});

describe('parlays (research §2.3, stake R$100)', () => {
  const W = settled('won');
  const V = settled('void');
  const HW = settled('halfWon');
  const HL = settled('halfLost');
  const L = settled('lost');
  const rows: Array<[string, Array<[number, LegSettlement]>, number]> = [
    [
      'all won',
      [
        [1900, W],
        [2100, W],
        [1500, W],
      ],
      59_850,
    ],
    [
      'a void leg counts 1',
      [
        [1900, W],
        [2100, V],
        [1500, W],
      ],
      28_500,
    ],
    [
      'half won',
      [
        [1900, HW],
        [2100, W],
        [1500, W],
      ],
      45_675,
    ],
    [
      'half lost',
      [
        [1900, HL],
        [2100, W],
        [1500, W],
      ],
      15_750,
    ],
    [
      'two half lost',
      [
        [1900, HL],
        [2100, HL],
        [1500, W],
      ],
      3_750,
    ],
    [
      'any leg lost',
      [
        [1900, W],
        [2100, L],
        [1500, W],
      ],
      0,
    ],
    [
      'all void',
      [
        [1900, V],
        [2100, V],
        [1500, V],
      ],
      10_000,
    ],
    [
      'dead heat ½',
      [
        [3000, settled('won', { num: 1, den: 2 })],
        [2000, W],
      ],
      30_000,
    ],
    [
      'SBOBET 4-fold (exact product 12.5677552)',
      [
        [1860, HW],
        [1960, W],
        [1900, W],
        [2360, W],
      ],
      125_677,
    ],
  ];
  it.each(rows)('%s', (_, legs, expected) => {
    expect(
      returnCents(
        10_000,
        legs.map(([oddsMilli, settlement]) => ({ oddsMilli, settlement })),
      ),
    ).toBe(expected);
  });

  // The research quotes 1156.80 / 1256.78 from a product rounded to four decimals (12.5678); the
  // exact product 1.43 × 1.96 × 1.90 × 2.36 = 12.5677552 floors to R$1256.77 under the round-down rule.
  it('matches the SBOBET profits: 1156.77 (exact), 86.20 and −52.50', () => {
    const ret = (legs: Array<[number, LegSettlement]>) =>
      returnCents(
        10_000,
        legs.map(([oddsMilli, settlement]) => ({ oddsMilli, settlement })),
      );
    expect(
      ret([
        [1860, HW],
        [1960, W],
        [1900, W],
        [2360, W],
      ]) - 10_000,
    ).toBe(115_677);
    expect(
      ret([
        [1860, HL],
        [1960, W],
        [1900, W],
      ]) - 10_000,
    ).toBe(8_620);
    expect(
      ret([
        [1860, HL],
        [1960, HL],
        [1900, W],
      ]) - 10_000,
    ).toBe(-5_250);
  });

  it('caps the payout: 10 × 3.0 won with R$10 pays the R$500,000 cap, not R$590,490', () => {
    const legs = Array.from({ length: 10 }, () => ({ oddsMilli: 3000, settlement: W }));
    expect(returnCents(1_000, legs)).toBe(59_049_000);
    expect(returnCents(1_000, legs, 50_000_000)).toBe(50_000_000);
    expect(potentialReturnCents(1_000, Array(10).fill(3000), 50_000_000)).toBe(50_000_000);
  });

  it('rounds the final return down to the centavo', () => {
    // R$0.33 at 1.45 half won: 0.33 × 1.225 = 0.40425 → R$0.40.
    expect(returnCents(33, [{ oddsMilli: 1450, settlement: HW }])).toBe(40);
    expect(returnCents(1, [{ oddsMilli: 1990, settlement: W }])).toBe(1);
  });

  it('gives a ticket its result code', () => {
    expect(ticketResultCode([settled('won')], 100, 190)).toBe(BetResult.won);
    expect(ticketResultCode([settled('push')], 100, 100)).toBe(BetResult.draw);
    expect(ticketResultCode([settled('void')], 100, 100)).toBe(BetResult.refund);
    expect(ticketResultCode([settled('halfLost')], 100, 50)).toBe(BetResult.halfLost);
    expect(ticketResultCode([settled('halfWon')], 100, 145)).toBe(BetResult.halfWon);
    expect(ticketResultCode([settled('won'), settled('lost')], 100, 0)).toBe(BetResult.lost);
    expect(ticketResultCode([settled('void'), settled('void')], 100, 100)).toBe(BetResult.refund);
    expect(ticketResultCode([settled('halfLost'), settled('won')], 100, 157)).toBe(BetResult.won);
    expect(ticketResultCode([settled('halfLost'), settled('halfLost'), settled('won')], 100, 37)).toBe(
      BetResult.halfLost,
    );
  });

  it('gives a dead heat its own code and words, not won', () => {
    const dh = settled('won', { num: 1, den: 2 });
    expect(legResultCode(dh)).toBe(BetResult.deadHeat);
    expect(ticketResultCode([dh], 100, 95)).toBe(BetResult.deadHeat);
    expect(RESULT_LABELS[BetResult.deadHeat]).toBe('Dead heat (ganho dividido)');
    expect(legResultCode(settled('won'))).toBe(BetResult.won);
  });
});
